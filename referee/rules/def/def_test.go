package def

import "testing"

// SharedAgentRules gives every slug the game's id, and the game's own
// source where at names one, CLI.md's certify section where it does not.
func TestSharedAgentRules(t *testing.T) {
	rules := SharedAgentRules("g", map[string]Source{"legal-answer": {Doc: "g-1.0", Section: "§1"}})
	if len(rules) != 8 {
		t.Fatalf("%d shared agent rules, want 8", len(rules))
	}
	for _, tc := range []struct {
		id, doc, section string
		level            Level
	}{
		{"g/agent.legal-answer", "g-1.0", "§1", Must},
		{"g/agent.answer-in-time", "CLI.md", "certify", Must},
		{"g/agent.exit-after-end", "CLI.md", "certify", Should},
	} {
		found := false
		for _, r := range rules {
			if r.ID == tc.id {
				found = true
				if r.Doc != tc.doc || r.Section != tc.section || r.Level != tc.level || r.Text == "" {
					t.Errorf("%s: %s %s %s, want %s %s %s", r.ID, r.Doc, r.Section, r.Level, tc.doc, tc.section, tc.level)
				}
			}
		}
		if !found {
			t.Errorf("no rule %s", tc.id)
		}
	}
}

// Effective lowers a MUST on a reading or a pin to SHOULD unless strict,
// and leaves everything else.
func TestEffective(t *testing.T) {
	for _, tc := range []struct {
		l      Level
		b      Basis
		strict bool
		want   Level
	}{
		{Must, BasisDocument, false, Must}, {Must, "", false, Must}, {Must, BasisReading, false, Should},
		{Must, BasisContract, true, Must}, {Info, BasisContract, false, Info}, {Should, BasisReading, true, Should},
	} {
		if got := Effective(tc.l, tc.b, tc.strict); got != tc.want {
			t.Errorf("Effective(%s, %s, %v) = %s, want %s", tc.l, tc.b, tc.strict, got, tc.want)
		}
	}
}

// TestJoin: a book's rules are its lists in order, each read afresh.
func TestJoin(t *testing.T) {
	a := func() []Rule { return []Rule{{ID: "g/a"}} }
	b := func() []Rule { return []Rule{{ID: "g/b"}, {ID: "g/c"}} }
	none := func() []Rule { return nil }
	got := Join(a, none, b)()
	if len(got) != 3 || got[0].ID != "g/a" || got[1].ID != "g/b" || got[2].ID != "g/c" {
		t.Fatalf("Join = %v, want g/a, g/b, g/c", got)
	}
	got[0].ID = "changed"
	if Join(a)()[0].ID != "g/a" {
		t.Error("a list returned by Join is shared with the next call")
	}
}
