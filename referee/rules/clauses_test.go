package rules

import (
	"os"
	"strings"
	"testing"
)

// TestClausesResolve (issue 26): every clause the catalogue lists for a
// rule names a reading with its INTERPRETATIONS.md entry, or a pin that
// resolves to a section of umpire's contracts; none repeats the rule's own
// basis.
func TestClausesResolve(t *testing.T) {
	raw, err := os.ReadFile("../INTERPRETATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	entries := string(raw)
	n := 0
	for _, r := range Default().All() {
		for _, c := range r.Clauses {
			n++
			if c.Basis == r.Basis && c.Ref == r.Ref {
				t.Errorf("%s: clause %v repeats the rule's own basis", r.ID, c)
			}
			switch c.Basis {
			case BasisReading:
				if !strings.Contains(entries, "### "+c.Ref+" ·") {
					t.Errorf("%s: clause reading %q has no INTERPRETATIONS.md entry", r.ID, c.Ref)
				}
			case BasisContract:
				if _, anchor, ok := RefDoc(c.Ref); !ok || anchor == "" {
					t.Errorf("%s: clause pin %q names no section of docs/wire.md or docs/cli.md", r.ID, c.Ref)
				}
			default:
				t.Errorf("%s: clause of basis %q", r.ID, c.Basis)
			}
		}
	}
	if n == 0 {
		t.Fatal("no rule lists a clause")
	}
	// What a game's own rules allow is its rulebook's test (TestClauses).
}
