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
	// The seats judge cites an item offered on a reading whose actionId
	// is not the catalogue's under §13: a bundle's regrade must keep it
	// SHOULD (an honest peer bundle failed bundle verify).
	if ids, _ := Default().Lookup("bangarena/13.action-ids"); !ids.Allows(BasisReading, "I-BA-7") {
		t.Errorf("13.action-ids allows %v, not the reading I-BA-7 its findings rest on", ids.Clauses)
	}
	ru, _ := Default().Lookup("bangarena/server.legal-actions")
	if !ru.Allows(BasisReading, "I-BA-35") || ru.Allows(BasisReading, "I-INF-40") || !ru.Allows(BasisDocument, "") {
		t.Errorf("server.legal-actions allows %v", ru.Clauses)
	}
}
