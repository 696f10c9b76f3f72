package rules

// SchemaClauses are the bases the JSON Schemas of game name besides the
// documents' own (x-basis with x-ref): a rule whose findings come from
// schema violations may carry any of them. schemas' tests fail on a schema
// annotation this list lacks.
func SchemaClauses(game string) []Clause {
	for _, m := range statementMaps() {
		if m.game == game {
			return m.clauses()
		}
	}
	return nil
}

// schemaRules are the rules the schema violations of a message are filed
// under (umpire validate, the suite's schema checks, the proxy): each may
// carry the game's SchemaClauses.
func schemaRules() []string {
	return []string{
		"inference/protocol.envelope", "inference/protocol.log-line", "inference/round.1.deal", "inference/server.error-code",
		"inference/timeouts.deadline", "inference/wire.events.ante-all-in", "inference/wire.events.objects",
		"inference/wire.events.showdown", "inference/wire.legal-actions.fold", "inference/wire.visible-state.fields",
		"inference/wire.move.action", "inference/wire.move.amount", "inference/agent.message-length",
		"inference/agent.message-code-points", "inference/round.7.uncontested",
		"bangarena/log.json", "bangarena/11.event-shape", "bangarena/11.fields", "bangarena/11.role-mode", "bangarena/12.request",
		"bangarena/12.legal-mask", "bangarena/13.args-schema", "bangarena/13.action-ids", "bangarena/5.uid-form",
		"bangarena/agent.legal-answer", "bangarena/server.answer-shape", "bangarena/server.status-code", "bangarena/server.mcp-tools",
	}
}

// clauseTable lists, per rule, the readings and pins a finding of it may
// rest on besides the rule's own basis, where a check names one of its own
// (each with the check that does).
func clauseTable() map[string][]Clause {
	reading := func(refs ...string) []Clause {
		out := make([]Clause, len(refs))
		for i, r := range refs {
			out[i] = Clause{Basis: BasisReading, Ref: r}
		}
		return out
	}
	return map[string][]Clause{
		// The legal-list comparisons (harness/bangarena/probe onReading, I-BA-P4):
		// an item whose presence or form rests on a reading.
		"bangarena/server.legal-actions": reading("I-BA-7", "I-BA-21", "I-BA-29", "I-BA-30", "I-BA-31", "I-BA-32", "I-BA-34", "I-BA-35", "I-BA-36", "I-BA-37"),
		"bangarena/3.shot-limit":         reading("I-BA-36"),
		// The same comparison in the judge of the seats' evidence: an item
		// the server offers on its own reading, whose actionId umpire
		// cannot place in the catalogue, is cited under §13.
		"bangarena/13.action-ids": reading("I-BA-7", "I-BA-21", "I-BA-29", "I-BA-30", "I-BA-31", "I-BA-32", "I-BA-34", "I-BA-35", "I-BA-36", "I-BA-37"),
		// umpire legal --check: the same differences, cited under §1.
		"bangarena/1.legal-only": reading("I-BA-7", "I-BA-21", "I-BA-29", "I-BA-30", "I-BA-31", "I-BA-32", "I-BA-34", "I-BA-35", "I-BA-36", "I-BA-37"),
		// certify: an extra answer around umpire's own situations.
		"bangarena/agent.only-when-asked": reading("I-BA-C5"),
		// The suite's timeout probe: "strikes" is WIRE.md's field.
		"inference/timeouts.strikes": {{Basis: BasisContract, Ref: "WIRE.md Match log"}},
		// The Inference log verifier.
		"inference/table.button":        reading("I-INF-2"),
		"inference/round.7.uncontested": reading("I-INF-10"),
		"inference/round.6.odd-chips":   reading("I-INF-5"),
		"inference/round.6.side-pots":   reading("I-INF-5"),
	}
}

// withClauses gives r the clauses the catalogue lists for it.
func withClauses(r Rule, table map[string][]Clause, schema map[string]bool) Rule {
	if len(r.Clauses) > 0 {
		return r
	}
	r.Clauses = append(r.Clauses, table[r.ID]...)
	if schema[r.ID] {
		for _, c := range SchemaClauses(r.Game()) {
			if !r.Allows(c.Basis, c.Ref) {
				r.Clauses = append(r.Clauses, c)
			}
		}
	}
	if len(r.Clauses) == 0 {
		r.Clauses = nil
	}
	return r
}
