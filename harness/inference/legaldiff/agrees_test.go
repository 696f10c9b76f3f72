package legaldiff

import (
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
)

// agreesDerived is the referee's list the agreement tests compare with.
var agreesDerived = []inference.LegalAction{{Action: "fold"}, {Action: "call", Amount: 4}, {Action: "raise", Min: 1, Max: 10}}

// TestInferenceAgrees: the fast path says "agrees" for the plain lists a
// conforming server sends (in any order, with spacing and extra plain
// fields), and never for a list Inference does not find equal; for an
// equal list of a shape it does not read it defers (false), which is
// allowed.
func TestInferenceAgrees(t *testing.T) {
	tests := []struct {
		name, list string
		agrees     bool
	}{
		{"canonical", `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`, true},
		{"reordered and spaced", " [ {\"action\" : \"raise\",\"max\":10, \"min\":1} ,\n{\"amount\":4,\"action\":\"call\"},{\"action\":\"fold\"} ] ", true},
		{"extra plain fields", `[{"action":"fold","label":"Fold","n":-3,"x":null,"y":true,"z":false},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`, true},
		{"repeated key, last kept", `[{"action":"fold"},{"action":"call","amount":3,"amount":4},{"action":"raise","min":1,"max":10}]`, true},
		{"other amount", `[{"action":"fold"},{"action":"call","amount":3},{"action":"raise","min":1,"max":10}]`, false},
		{"repeated key, last differs", `[{"action":"fold"},{"action":"call","amount":4,"amount":3},{"action":"raise","min":1,"max":10}]`, false},
		{"amount missing", `[{"action":"fold"},{"action":"call"},{"action":"raise","min":1,"max":10}]`, false},
		{"amount a string", `[{"action":"fold"},{"action":"call","amount":"4"},{"action":"raise","min":1,"max":10}]`, false},
		{"amount a float", `[{"action":"fold"},{"action":"call","amount":4.0},{"action":"raise","min":1,"max":10}]`, false},
		{"max missing", `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1}]`, false},
		{"raise missing", `[{"action":"fold"},{"action":"call","amount":4}]`, false},
		{"extra item", `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10},{"action":"check"}]`, false},
		{"repeated action", `[{"action":"fold"},{"action":"fold"},{"action":"call","amount":4}]`, false},
		{"escaped action", `[{"action":"\u0066old"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`, false},
		{"nested field", `[{"action":"fold","x":{}},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`, false},
		{"not an array", `{"action":"fold"}`, false},
		{"trailing bytes", `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]x`, false},
		{"broken", `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := InferenceAgrees(agreesDerived, []byte(tc.list))
			if got != tc.agrees {
				t.Fatalf("InferenceAgrees = %v, want %v", got, tc.agrees)
			}
			if got {
				checkAgreement(t, agreesDerived, []byte(tc.list))
			}
		})
	}
}

// checkAgreement fails unless list is a JSON array whose items Inference
// finds equal to derived.
func checkAgreement(t *testing.T, derived []inference.LegalAction, list []byte) {
	t.Helper()
	var items []json.RawMessage
	if err := json.Unmarshal(list, &items); err != nil {
		t.Fatalf("InferenceAgrees accepted %q, which is not a JSON array: %v", list, err)
	}
	if d := Inference(derived, items); !d.Equal() {
		t.Fatalf("InferenceAgrees accepted %q, which Inference does not find equal: %+v", list, d)
	}
}

// FuzzInferenceAgrees: whatever the bytes, the fast path never says
// "agrees" where the full comparison does not (nor for bytes that are not
// a JSON array).
func FuzzInferenceAgrees(f *testing.F) {
	f.Add(`[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`, 4, true)
	f.Add(`[{"action":"fold"},{"action":"call","amount":0}]`, 0, false)
	f.Add(`[{"action":"fold"},{"action":"fold"}]`, 0, false)
	f.Add(`[{"action":"call","amount":-0},{"action":"fold","x":"\u00e9"}]`, 0, false)
	f.Fuzz(func(t *testing.T, list string, toCall int, raise bool) {
		derived := []inference.LegalAction{{Action: "fold"}, {Action: "call", Amount: toCall}}
		if raise {
			derived = append(derived, inference.LegalAction{Action: "raise", Min: 1, Max: 10})
		}
		if InferenceAgrees(derived, []byte(list)) {
			checkAgreement(t, derived, []byte(list))
		}
		if InferenceAgrees([]inference.LegalAction{{Action: "fold"}, {Action: "fold"}}, []byte(list)) {
			checkAgreement(t, []inference.LegalAction{{Action: "fold"}, {Action: "fold"}}, []byte(list))
		}
	})
}

// BenchmarkInferenceAgrees compares a conforming legal_actions list, as
// the proxy's judge does for every your_turn: the one-pass fast path
// against the full comparison it stands in front of (the list split into
// items, then Inference), measured side by side in one run.
//
//	go test -run '^$' -bench BenchmarkInferenceAgrees ./harness/legaldiff/
func BenchmarkInferenceAgrees(b *testing.B) {
	list := []byte(`[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !InferenceAgrees(agreesDerived, list) {
				b.Fatal("a conforming list not agreed")
			}
		}
	})
	b.Run("full", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var items []json.RawMessage
			if err := json.Unmarshal(list, &items); err != nil {
				b.Fatal(err)
			}
			if !Inference(agreesDerived, items).Equal() {
				b.Fatal("a conforming list not equal")
			}
		}
	})
}
