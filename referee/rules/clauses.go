package rules

import "maps"

// SchemaClauses are the bases the JSON Schemas of game name besides the
// documents' own (x-basis with x-ref): a rule whose findings come from
// schema violations may carry any of them. schemas' tests fail on a schema
// annotation this list lacks.
func SchemaClauses(game string) []Clause {
	for _, b := range books() {
		if b.Game == game && b.SchemaClauses != nil {
			return b.SchemaClauses()
		}
	}
	return nil
}

// schemaRules are the rules the schema violations of a message are filed
// under (umpire validate, the suite's schema checks, the proxy), every
// game's (def.Book.SchemaRules): each may carry its game's SchemaClauses.
func schemaRules() []string {
	var out []string
	for _, b := range books() {
		if b.SchemaRules != nil {
			out = append(out, b.SchemaRules()...)
		}
	}
	return out
}

// clauseTable lists, per rule, the readings and pins a finding of it may
// rest on besides the rule's own basis, every game's (def.Book.Clauses).
func clauseTable() map[string][]Clause {
	out := map[string][]Clause{}
	for _, b := range books() {
		if b.Clauses != nil {
			maps.Copy(out, b.Clauses())
		}
	}
	return out
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
