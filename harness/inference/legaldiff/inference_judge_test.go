package legaldiff

import (
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

func TestCompareLegalActionsByItem(t *testing.T) {
	fold := ref.LegalAction{Action: "fold"}
	call := ref.LegalAction{Action: "call", Amount: 2}
	raise := ref.LegalAction{Action: "raise", Min: 1, Max: 10}
	tests := []struct {
		name      string
		want, got []ref.LegalAction
		actions   []string
	}{
		{"same", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{raise, fold, call}, nil},
		{"raise missing", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{fold, call}, []string{"raise"}},
		{"extra raise", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, call, raise}, []string{"raise"}},
		{"call amount differs", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, {Action: "call", Amount: 3}}, []string{"call"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var have, want []string
			for _, f := range CompareLegalActions(rules.Where{}, tc.want, tc.got) {
				have = append(have, f.Rule)
			}
			for _, a := range tc.actions {
				want = append(want, LegalRule(a))
			}
			if fmt.Sprint(have) != fmt.Sprint(want) {
				t.Errorf("have %v, want %v", have, want)
			}
		})
	}
}

// BenchmarkCompareLegalActions times the comparison of a your_turn's legal_actions
// with the referee's.
func BenchmarkCompareLegalActions(b *testing.B) {
	want := []ref.LegalAction{{Action: "fold"}, {Action: "call", Amount: 3}, {Action: "raise", Min: 1, Max: 10}}
	got := []ref.LegalAction{{Action: "fold"}, {Action: "call", Amount: 2}}
	for i := 0; i < b.N; i++ {
		if len(CompareLegalActions(rules.Where{}, want, got)) != 2 {
			b.Fatal("want two differences")
		}
	}
}
