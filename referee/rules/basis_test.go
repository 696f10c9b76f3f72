package rules

import (
	"strings"
	"testing"
)

func TestGrade(t *testing.T) {
	doc := Rule{ID: "g/round.3.raise-cap", Level: Must, Basis: BasisDocument}
	pin := Rule{ID: "g/server.auth", Level: Must, Basis: BasisContract, Ref: "WIRE.md Envelope"}
	reading := Rule{ID: "h/2.marshal-bonus", Level: Must, Basis: BasisReading, Ref: "I-BA-1"}
	should := Rule{ID: "g/visibility.breakeven", Level: Should, Basis: BasisDocument}
	tests := []struct {
		name      string
		rule      Rule
		finding   Finding
		strict    bool
		want      Level
		wantBasis Basis
		noted     bool
	}{
		{name: "document MUST stays MUST", rule: doc, finding: Finding{Level: Must}, want: Must, wantBasis: BasisDocument},
		{name: "document SHOULD stays SHOULD", rule: should, finding: Finding{Level: Should}, want: Should, wantBasis: BasisDocument},
		{name: "contract MUST becomes SHOULD", rule: pin, finding: Finding{Level: Must}, want: Should, wantBasis: BasisContract, noted: true},
		{name: "contract MUST stays MUST when strict", rule: pin, finding: Finding{Level: Must}, strict: true, want: Must, wantBasis: BasisContract},
		{name: "reading MUST becomes SHOULD", rule: reading, finding: Finding{Level: Must}, want: Should, wantBasis: BasisReading, noted: true},
		{name: "a finding on a document rule may rest on a reading", rule: doc,
			finding: Finding{Level: Must, Basis: BasisReading, Ref: "I-INF-2"}, want: Should, wantBasis: BasisReading, noted: true},
		{name: "INFO is never raised", rule: pin, finding: Finding{Level: Info}, strict: true, want: Info, wantBasis: BasisContract},
		{name: "a rule umpire does not know is a document", rule: Rule{}, finding: Finding{Level: Must}, want: Must, wantBasis: BasisDocument},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.finding.Rule, tt.finding.Message = tt.rule.ID, "differs"
			got := Grade(tt.finding, tt.rule, tt.strict)
			if got.Level != tt.want || got.Basis != tt.wantBasis {
				t.Fatalf("Grade = level %s basis %s, want %s %s", got.Level, got.Basis, tt.want, tt.wantBasis)
			}
			if noted := strings.Contains(got.Message, "--strict"); noted != tt.noted {
				t.Errorf("message %q: note present %v, want %v", got.Message, noted, tt.noted)
			}
			if again := Grade(got, tt.rule, tt.strict); again != got {
				t.Errorf("grading twice changed the finding: %+v then %+v", got, again)
			}
			// Grading a lowered finding again under --strict restores what
			// the check stated (report merge --strict relies on it).
			if strict := Grade(got, tt.rule, true); strict.Level != tt.finding.Level || strict.Message != "differs" || strict.Stated != "" {
				t.Errorf("strict regrade = %+v, want level %s and the plain message", strict, tt.finding.Level)
			}
		})
	}
}

func TestCatalogueBasis(t *testing.T) {
	cat := Default()
	for _, r := range cat.All() {
		if !r.Basis.Valid() {
			t.Errorf("%s: basis %q", r.ID, r.Basis)
		}
		if (r.Doc == "WIRE.md" || r.Doc == "CLI.md") && r.Basis == BasisDocument {
			t.Errorf("%s cites %s but claims the documents as its basis", r.ID, r.Doc)
		}
	}
	// Each game's rulebook pins the bases of its own rules (its
	// TestBases).
}

func mustLookup(t *testing.T, c *Catalogue, id string) Rule {
	t.Helper()
	r, ok := c.Lookup(id)
	if !ok {
		t.Fatalf("no rule %s", id)
	}
	return r
}

func TestCatalogueRejectsBadBasis(t *testing.T) {
	base := Rule{ID: "test/x.y", Level: Must, Doc: "d", Section: "Table", Text: "t"}
	for _, tt := range []struct {
		name string
		edit func(*Rule)
	}{
		{"unknown basis", func(r *Rule) { r.Basis = "folklore" }},
		{"reading without its entry", func(r *Rule) { r.Basis = BasisReading }},
		{"reading naming something else", func(r *Rule) { r.Basis, r.Ref = BasisReading, "READINGS 3" }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := base
			tt.edit(&r)
			if _, err := NewCatalogue([]Rule{r}); err == nil {
				t.Fatal("NewCatalogue accepted the rule")
			}
		})
	}
	r := base
	r.Doc, r.Section = "WIRE.md", "Envelope"
	c, err := NewCatalogue([]Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLookup(t, c, r.ID); got.Basis != BasisContract || got.Ref != "WIRE.md Envelope" {
		t.Errorf("default basis of a WIRE.md rule = %q %q", got.Basis, got.Ref)
	}
}
