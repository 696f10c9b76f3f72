package def

// Statement is one normative statement of a rules document (what a server
// or an agent must, should or must not do; a rule of play; a number, field,
// timing, fallback or visibility), paraphrased in our words, and what checks
// it: the catalogue rules that cover it, or why no client, log or agent run
// can observe it. The map measures the catalogue against the documents
// rather than against itself.
type Statement struct {
	// ID is the statement's number in the map ("I-12", "B-40"), stable
	// across edits of the catalogue.
	ID string `json:"id"`
	// Doc and Section locate it in the rules documents.
	Doc     string `json:"doc"`
	Section string `json:"section"`
	// Text is a short paraphrase in our words, never the document's prose.
	Text string `json:"text"`
	// Rules are the catalogue rules that check the statement.
	Rules []string `json:"rules,omitempty"`
	// NotCheckable says why nothing can observe the statement. Its rules,
	// if any, say what umpire would judge should it ever show (a staged
	// card no room deals).
	NotCheckable string `json:"not_checkable,omitempty"`
	// Gap says what part of the statement no rule checks yet (a statement
	// with rules and a gap is partial; one without rules is missing).
	Gap string `json:"gap,omitempty"`
}

// StatementStatus is how far the catalogue checks a statement.
type StatementStatus string

// The statuses of a statement.
const (
	// StatementCovered: every rule listed is checked and no gap is left.
	StatementCovered StatementStatus = "covered"
	// StatementPartial: a rule listed is checked, but a gap is left or
	// another listed rule is not checked.
	StatementPartial StatementStatus = "partial"
	// StatementMissing: no rule listed is checked (none, or only
	// catalogued ones).
	StatementMissing StatementStatus = "missing"
	// StatementNotCheckable: nothing a client, log or agent run sees shows
	// it.
	StatementNotCheckable StatementStatus = "not-checkable"
)

// Status is the statement's status when checked reports which rules some
// check evaluates (the conformance manifest, the log verifiers).
func (s Statement) Status(checked func(rule string) bool) StatementStatus {
	if s.NotCheckable != "" {
		return StatementNotCheckable
	}
	n := 0
	for _, id := range s.Rules {
		if checked(id) {
			n++
		}
	}
	switch {
	case n == 0:
		return StatementMissing
	case n < len(s.Rules) || s.Gap != "":
		return StatementPartial
	}
	return StatementCovered
}
