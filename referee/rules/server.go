package rules

// Server rules are what umpire's conformance suite checks of a live server on
// top of the game rules: the envelope and REST contract, error answers,
// idempotency, redaction of hidden information. Their ids live under the game
// they concern, e.g. "inference/server.illegal-move-error" or
// "bangarena/server.duplicate-command".

// ServerRules returns the server-conformance part of the catalogue.
func ServerRules() []Rule {
	return []Rule{
		// Filled in by the conformance work.
	}
}
