package def

// Clause is a basis a finding of a rule may rest on other than the rule's
// own. A rule whose sentence is the documents' can be broken, in a
// particular case, only under a reading or a pin: a schema property marked
// x-basis, a legal item whose form or presence is a reading (issue 26).
// The catalogue is the one source of which bases a rule's findings may
// carry (Rule.Clauses): a report read from a file whose finding names any
// other basis is re-graded to its rule's (reports.Regrade), so an edited
// report cannot lower a document rule's finding to a reading.
type Clause struct {
	Basis Basis  `json:"basis"`
	Ref   string `json:"ref"`
}

// Readings returns one reading clause per INTERPRETATIONS.md id, in order.
func Readings(refs ...string) []Clause {
	out := make([]Clause, len(refs))
	for i, r := range refs {
		out[i] = Clause{BasisReading, r}
	}
	return out
}
