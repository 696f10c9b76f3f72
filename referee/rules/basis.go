package rules

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules/def"
)

// defaultBasis fills in the basis of a rule that names none: rules taken
// from umpire's own contracts (WIRE.md, CLI.md) rest on a pin, every other
// rule on its document. The reference of a contract rule defaults to its
// contract file and section.
func defaultBasis(r Rule) Rule {
	if r.Basis == "" {
		switch r.Doc {
		case "WIRE.md", "CLI.md":
			r.Basis = BasisContract
		default:
			r.Basis = BasisDocument
		}
	}
	if r.Ref == "" && r.Basis == BasisContract {
		r.Ref = r.Doc + " " + r.Section
	}
	return r
}

// checkBasis rejects a rule whose basis is unknown or lacks its reference: a
// reading names its INTERPRETATIONS.md entry ("I-…"), a contract its pin.
func checkBasis(r Rule) error {
	if !r.Basis.Valid() {
		return fmt.Errorf("rules: rule %s has unknown basis %q", r.ID, r.Basis)
	}
	switch r.Basis {
	case BasisReading:
		if !strings.HasPrefix(r.Ref, "I-") {
			return fmt.Errorf("rules: reading rule %s must name its INTERPRETATIONS.md entry (I-…), not %q", r.ID, r.Ref)
		}
	case BasisContract:
		if r.Ref == "" {
			return fmt.Errorf("rules: contract rule %s must name its pin", r.ID)
		}
	}
	return nil
}

// Grade returns f with its level following its basis. A finding names its
// own basis when it rests on a reading or a pin although its rule is a
// document rule (the rule's sentence is the documents', but this particular
// divergence shows only under umpire's reading); otherwise it takes its
// rule's. A MUST finding on a reading or a contract becomes SHOULD unless
// strict, and its message says so; Stated keeps the level the check gave,
// so grading again (a merge with --strict) can restore it. Grading is
// idempotent.
func Grade(f Finding, r Rule, strict bool) Finding {
	if f.Basis == "" {
		f.Basis, f.Ref = r.Basis, r.Ref
	}
	if f.Basis == "" {
		f.Basis = BasisDocument
	}
	if f.Stated != "" {
		// Graded before: start again from the level the check stated.
		f.Message = strings.TrimSuffix(f.Message, " "+basisNote(f.Basis, f.Ref))
		f.Level, f.Stated = f.Stated, ""
	}
	if l := def.Effective(f.Level, f.Basis, strict); l != f.Level {
		f.Level, f.Stated = l, f.Level
		f.Message += " " + basisNote(f.Basis, f.Ref)
	}
	return f
}

// basisNote is the sentence a demoted finding carries.
func basisNote(b Basis, ref string) string {
	what := "umpire's pin " + ref
	if p := RefPath(ref); p != "" {
		what += " (" + p + ")"
	}
	if b == BasisReading {
		what = "umpire's reading " + ref
	}
	return fmt.Sprintf("[the target reads this differently from %s, where the rules documents are silent; SHOULD, MUST with --strict]", what)
}

// Grade returns f graded against its rule in c (see the function Grade). A
// finding whose rule c does not know keeps its level unless it names a
// non-binding basis of its own.
func (c *Catalogue) Grade(f Finding, strict bool) Finding {
	r, _ := c.Lookup(f.Rule)
	return Grade(f, r, strict)
}
