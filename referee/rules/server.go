package rules

// Server rules are what umpire's conformance suite checks of a live server on
// top of the game rules: the envelope and REST contract, error answers,
// idempotency, redaction of hidden information. Their ids live under the game
// they concern, e.g. "inference/server.auth" or
// "bangarena/server.duplicate-command". Where a game rule already says what a
// probe checks (illegal moves, timeouts, redaction), the probe cites that rule
// instead of a server rule.

// ServerRules returns the server-conformance part of the catalogue.
func ServerRules() []Rule {
	const wire = "WIRE.md"
	return []Rule{
		{ID: "inference/server.auth", Level: Must, Doc: wire, Section: "Envelope",
			Text: "A hello with a wrong token is refused with an unauthorized error, and the seat does not join."},
		{ID: "inference/server.bad-message", Level: Must, Doc: wire, Section: "Envelope",
			Text: "A message that is not a well-formed move is answered with a bad_message error; it changes nothing and the turn stays open."},
	}
}
