package legaldiff

import (
	"encoding/json"
	"testing"
)

// TestItems: each item is encoded as its JSON form, in order; one that
// does not encode is left out.
func TestItems(t *testing.T) {
	type item struct {
		A string `json:"action"`
		F any    `json:"f,omitempty"`
	}
	got := Items([]item{{A: "fold"}, {A: "bad", F: func() {}}, {A: "call", F: 2}})
	want := []string{`{"action":"fold"}`, `{"action":"call","f":2}`}
	if len(got) != len(want) {
		t.Fatalf("Items = %s, want %s", got, want)
	}
	for i := range want {
		if string(got[i]) != want[i] || !json.Valid(got[i]) {
			t.Errorf("item %d = %s, want %s", i, got[i], want[i])
		}
	}
}
