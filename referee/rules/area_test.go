package rules

import "testing"

func TestAreaAndSelect(t *testing.T) {
	tests := []struct{ id, want string }{
		{"g/agent.answer-in-time", "agent"},
		{"h/server.reask", "server"},
		{"g/round.3.raise-cap", "round"},
		{"h/4.distance", "4"},
	}
	for _, tc := range tests {
		if got := (Rule{ID: tc.id}).Area(); got != tc.want {
			t.Errorf("Area(%s) = %q, want %q", tc.id, got, tc.want)
		}
	}
	cat := Default()
	agents := cat.Select(func(r Rule) bool { return r.Area() == "agent" })
	if len(agents.All()) == 0 || len(agents.All()) >= len(cat.All()) {
		t.Fatalf("Select kept %d of %d rules, want the agents' only", len(agents.All()), len(cat.All()))
	}
	for _, r := range agents.All() {
		if r.Area() != "agent" {
			t.Errorf("Select kept %s", r.ID)
		}
		if got, ok := agents.Lookup(r.ID); !ok || !got.Equal(r) {
			t.Errorf("Lookup(%s) in the selection = %v, %v", r.ID, got, ok)
		}
	}
	for _, r := range cat.All() {
		if _, ok := agents.Lookup(r.ID); ok != (r.Area() == "agent") {
			t.Errorf("Lookup(%s) in the selection = %v", r.ID, ok)
		}
	}
}
