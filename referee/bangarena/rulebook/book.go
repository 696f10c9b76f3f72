package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// Book returns BangArena's part of the catalogue.
func Book() def.Book {
	return def.Book{
		Game:          "bangarena",
		Rules:         def.Join(Rules, AgentRules, ServerRules),
		Statements:    Statements,
		SchemaClauses: SchemaClauses,
		SchemaRules:   schemaRules,
		Clauses:       clauses,
		LogOnly:       logOnly,
	}
}

// schemaRules are the rules the schema violations of a BangArena message
// are filed under (umpire validate, the suite's schema checks, the proxy):
// each may carry SchemaClauses.
func schemaRules() []string {
	return []string{
		"bangarena/log.json", "bangarena/11.event-shape", "bangarena/11.fields", "bangarena/11.role-mode", "bangarena/12.request",
		"bangarena/12.legal-mask", "bangarena/13.args-schema", "bangarena/13.action-ids", "bangarena/5.uid-form",
		"bangarena/agent.legal-answer", "bangarena/server.answer-shape", "bangarena/server.status-code", "bangarena/server.mcp-tools",
	}
}

// clauses lists, per rule, the readings and pins a finding of it may rest
// on besides the rule's own basis, where a check names one of its own
// (each with the check that does).
func clauses() map[string][]def.Clause {
	// The readings an item of a legal list may rest on (I-BA-P4).
	legal := func() []def.Clause {
		return def.Readings("I-BA-7", "I-BA-21", "I-BA-29", "I-BA-30", "I-BA-31", "I-BA-32", "I-BA-34", "I-BA-35", "I-BA-36", "I-BA-37")
	}
	return map[string][]def.Clause{
		// The legal-list comparisons (harness/bangarena/probe onReading, I-BA-P4):
		// an item whose presence or form rests on a reading.
		"bangarena/server.legal-actions": legal(),
		"bangarena/3.shot-limit":         def.Readings("I-BA-36"),
		// The same comparison in the judge of the seats' evidence: an item
		// the server offers on its own reading, whose actionId umpire
		// cannot place in the catalogue, is cited under §13.
		"bangarena/13.action-ids": legal(),
		// umpire legal --check: the same differences, cited under §1.
		"bangarena/1.legal-only": legal(),
		// certify: an extra answer around umpire's own situations.
		"bangarena/agent.only-when-asked": def.Readings("I-BA-C5"),
	}
}

// logOnly lists the rules outside the "log" area that only a whole match
// log shows, with why.
func logOnly() map[string]string {
	return map[string]string{
		"bangarena/server.replay": "only the room's full log, replayed through the engine from its seed, shows it",
	}
}
