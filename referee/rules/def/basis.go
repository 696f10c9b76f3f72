package def

// Basis is what a rule (or one finding) rests on, and so how strongly it may
// bind a target that umpire did not write:
//
//   - BasisDocument: a sentence of the rules documents. The rule keeps the
//     level the document gives it.
//   - BasisReading: umpire's reading of a gap or a contradiction in the
//     documents (an INTERPRETATIONS.md entry). Another implementation may
//     reasonably read it otherwise.
//   - BasisContract: a wire or command-line pin of umpire's (WIRE.md or
//     CLI.md, marked [pinned] there) where the documents are silent.
//
// A finding on a reading or a contract is at most SHOULD unless the run is
// strict (see rules.Grade), like h2spec's strict mode.
type Basis string

// The three bases.
const (
	BasisDocument Basis = "document"
	BasisReading  Basis = "reading"
	BasisContract Basis = "contract"
)

// Valid reports whether b is one of the three bases.
func (b Basis) Valid() bool {
	switch b {
	case BasisDocument, BasisReading, BasisContract:
		return true
	}
	return false
}

// Binding reports whether a finding on this basis keeps its level without
// --strict: only the documents' own sentences do.
func (b Basis) Binding() bool { return b == BasisDocument || b == "" }
