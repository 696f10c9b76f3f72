package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// ServerRules returns what umpire's conformance suite checks of a live
// Inference server on top of the game rules: the envelope's contract, error
// answers, the served rules page. Where a game rule already says what a
// probe checks (illegal moves, timeouts, redaction), the probe cites that
// rule instead of a server rule.
func ServerRules() []def.Rule {
	const wire = "WIRE.md"
	return []def.Rule{
		{ID: "inference/server.auth", Level: def.Must, Doc: wire, Section: "Envelope",
			Text: "A hello with a wrong token is refused with an unauthorized error, and the seat does not join."},
		{ID: "inference/server.bad-message", Level: def.Must, Doc: "inference-0.4", Section: "Illegal moves",
			Text: "A message that is not a well-formed move is answered with an error; it changes nothing and the turn stays open."},
		{ID: "inference/server.error-code", Level: def.Must, Doc: wire, Section: "Envelope",
			Text: "An error carries the pinned code for its case: bad_message, illegal_move, not_your_turn, unauthorized or stale_turn."},
		{ID: "inference/server.rules-served", Level: def.Must, Doc: "inference-0.4", Section: "header", Basis: def.BasisReading, Ref: "I-INF-R1",
			Text: "GET /rules/inference answers 200 with a non-empty body: the game's rules, in whatever form (I-INF-R1)."},
	}
}
