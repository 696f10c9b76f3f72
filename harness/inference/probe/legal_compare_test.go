package probe

import (
	"slices"
	"sort"
	"testing"

	"github.com/umpire-arena/umpire/harness/inference/legaldiff"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestCompareLegalActions: the one comparison of an Inference server's
// legal_actions with the referee's (legaldiff underneath), used by the
// suite's legal_actions check and by the proxy, names each difference by
// the rule of its item, word for word.
func TestCompareLegalActions(t *testing.T) {
	fold := ref.LegalAction{Action: "fold"}
	call := ref.LegalAction{Action: "call", Amount: 4}
	raise := ref.LegalAction{Action: "raise", Min: 1, Max: 10}
	const (
		ruleFold  = "inference/wire.legal-actions.fold | "
		ruleCall  = "inference/wire.legal-actions.call | "
		ruleRaise = "inference/wire.legal-actions.raise | "
	)
	tests := []struct {
		name      string
		want, got []ref.LegalAction
		findings  []string
	}{
		{"equal", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{raise, fold, call}, nil},
		{"missing raise", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{fold, call},
			[]string{ruleRaise + "legal_actions lack the raise item the referee offers"}},
		{"extra raise", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, call, raise},
			[]string{ruleRaise + "legal_actions offer a raise item the referee does not"}},
		{"other amount", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, {Action: "call", Amount: 2}},
			[]string{ruleCall + "legal_actions offer a different call item"}},
		{"other bounds", []ref.LegalAction{fold, raise}, []ref.LegalAction{fold, {Action: "raise", Min: 2, Max: 12}},
			[]string{ruleRaise + "legal_actions offer a different raise item"}},
		{"unknown action", []ref.LegalAction{fold}, []ref.LegalAction{fold, {Action: "check"}},
			[]string{ruleFold + "legal_actions offer an unknown action check"}},
		{"all wrong", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{{Action: "call", Amount: 1}, {Action: "check"}},
			[]string{
				ruleCall + "legal_actions offer a different call item",
				ruleFold + "legal_actions lack the fold item the referee offers",
				ruleFold + "legal_actions offer an unknown action check",
				ruleRaise + "legal_actions lack the raise item the referee offers",
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var have []string
			for _, f := range legaldiff.CompareLegalActions(rules.Where{}, tc.want, tc.got) {
				have = append(have, f.Rule+" | "+f.Message)
			}
			sort.Strings(have)
			if !slices.Equal(have, tc.findings) {
				t.Errorf("have %q, want %q", have, tc.findings)
			}
		})
	}
}
