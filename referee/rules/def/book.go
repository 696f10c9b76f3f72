package def

// Book is one game's part of the catalogue, as its rulebook
// (referee/<game>/rulebook) hands it to package rules: everything rules
// needs of a game to list its rules, measure them against its rules
// document and grade their findings. Each field is a function returning a
// fresh value; a nil field is a game without that part (no statement map,
// no clauses).
type Book struct {
	// Game is the game's name, the first part of each of its rule ids.
	Game string
	// Rules returns the game's rules: its document's, its agents' and its
	// servers' (ids "game/section.slug").
	Rules func() []Rule
	// Statements returns the statement map of the game's rules document, in
	// document order (see Statement).
	Statements func() []Statement
	// SchemaClauses returns the bases the game's JSON Schemas name besides
	// the documents' own (x-basis with x-ref).
	SchemaClauses func() []Clause
	// SchemaRules returns the rules the schema violations of the game's
	// messages are filed under: each may carry SchemaClauses.
	SchemaRules func() []string
	// Clauses returns, per rule, the readings and pins a finding of it may
	// rest on besides the rule's own basis, where a check names one of its
	// own.
	Clauses func() map[string][]Clause
	// LogOnly returns the rules outside the "log" area that only a whole
	// match log shows, with why.
	LogOnly func() map[string]string
}

// Join is a Book's Rules made of a game's lists (its document's, its
// agents', its servers'), in order.
func Join(lists ...func() []Rule) func() []Rule {
	return func() []Rule {
		var out []Rule
		for _, l := range lists {
			out = append(out, l()...)
		}
		return out
	}
}
