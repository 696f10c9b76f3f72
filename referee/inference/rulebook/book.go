package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// Book returns Inference's part of the catalogue.
func Book() def.Book {
	return def.Book{
		Game:          "inference",
		Rules:         def.Join(Rules, AgentRules, ServerRules),
		Statements:    Statements,
		SchemaClauses: SchemaClauses,
		SchemaRules:   schemaRules,
		Clauses:       clauses,
		LogOnly:       logOnly,
	}
}

// schemaRules are the rules the schema violations of an Inference message
// are filed under (umpire validate, the suite's schema checks, the proxy):
// each may carry SchemaClauses.
func schemaRules() []string {
	return []string{
		"inference/protocol.envelope", "inference/protocol.log-line", "inference/round.1.deal", "inference/server.error-code",
		"inference/timeouts.deadline", "inference/wire.events.ante-all-in", "inference/wire.events.objects",
		"inference/wire.events.showdown", "inference/wire.legal-actions.fold", "inference/wire.visible-state.fields",
		"inference/wire.move.action", "inference/wire.move.amount", "inference/agent.message-length",
		"inference/agent.message-code-points", "inference/round.7.uncontested",
	}
}

// clauses lists, per rule, the readings and pins a finding of it may rest
// on besides the rule's own basis, where a check names one of its own
// (each with the check that does).
func clauses() map[string][]def.Clause {
	return map[string][]def.Clause{
		// The suite's timeout probe: "strikes" is WIRE.md's field.
		"inference/timeouts.strikes": {{Basis: def.BasisContract, Ref: "WIRE.md Match log"}},
		// The Inference log verifier.
		"inference/table.button":        def.Readings("I-INF-2"),
		"inference/round.7.uncontested": def.Readings("I-INF-10"),
		"inference/round.6.odd-chips":   def.Readings("I-INF-5"),
		"inference/round.6.side-pots":   def.Readings("I-INF-5"),
	}
}

// logOnly lists the rules outside the "log" area that only a whole match
// log shows, with why.
func logOnly() map[string]string {
	return map[string]string{
		"inference/protocol.log-fields":    "the exact field set is pinned for log lines; live events may carry more and are read tolerantly",
		"inference/protocol.log-order":     "the order of a round's lines is the log's; live events reach each seat in its own view",
		"inference/protocol.sorted":        "the sort order of lists and of bust and return lines is pinned for the log file",
		"inference/protocol.deal-function": "a property of umpire's embedded server, re-derived from the whole log once the seed is revealed",
	}
}
