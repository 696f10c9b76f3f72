package legaldiff

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
)

func raws(items ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(items))
	for i, s := range items {
		out[i] = json.RawMessage(s)
	}
	return out
}

func classes(l []Extra) []string {
	var out []string
	for _, x := range l {
		out = append(out, string(x.Class)+":"+x.Action)
	}
	return out
}

func texts(l []Difference) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Text)
	}
	return out
}

func TestInference(t *testing.T) {
	derived := []inference.LegalAction{{Action: "fold"}, {Action: "call", Amount: 4}, {Action: "raise", Min: 1, Max: 10}}
	tests := []struct {
		name      string
		given     []json.RawMessage
		missing   int
		extra     []string
		different []string
	}{
		{"equal, other order, extra fields", raws(`{"action":"raise","min":1,"max":10,"note":"x"}`, `{"action":"fold","amount":7}`, `{"action":"call","amount":4}`), 0, nil, nil},
		{"missing raise", raws(`{"action":"fold"}`, `{"action":"call","amount":4}`), 1, nil, nil},
		{"unknown action", raws(`{"action":"fold"}`, `{"action":"call","amount":4}`, `{"action":"raise","min":1,"max":10}`, `{"action":"check"}`), 0, []string{"not-legal:check"}, nil},
		{"repeated and unreadable", raws(`{"action":"fold"}`, `{"action":"fold"}`, `"fold"`, `{"action":"call","amount":4}`, `{"action":"raise","min":1,"max":10}`), 0, []string{"repeated:fold", "unreadable:"}, nil},
		{"fields", raws(`{"action":"fold"}`, `{"action":"call"}`, `{"action":"raise","min":"1","max":12}`), 0, nil,
			[]string{"call: amount missing, want 4", "raise: max is 12, want 10", `raise: min is "1", want the integer 1`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Inference(derived, tc.given)
			if len(d.Missing) != tc.missing || !slices.Equal(classes(d.Extra), tc.extra) || !slices.Equal(texts(d.Different), tc.different) {
				t.Fatalf("missing %v, extra %v, different %q; want %d missing, extra %v, different %q", d.Missing, classes(d.Extra), texts(d.Different), tc.missing, tc.extra, tc.different)
			}
			if want := tc.missing == 0 && tc.extra == nil && tc.different == nil; d.Equal() != want {
				t.Errorf("Equal() = %v, want %v", d.Equal(), want)
			}
		})
	}
}
