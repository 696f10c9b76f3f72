package probe

import (
	"sort"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestCompareLegalActionsAgreesWithTheSuite: the exported comparison
// (legaldiff underneath) gives the findings the suite's legal_actions check
// gives (diffLegal), rule for rule and word for word, so that the proxy and
// the suite judge a list alike.
func TestCompareLegalActionsAgreesWithTheSuite(t *testing.T) {
	fold := ref.LegalAction{Action: "fold"}
	call := ref.LegalAction{Action: "call", Amount: 4}
	raise := ref.LegalAction{Action: "raise", Min: 1, Max: 10}
	tests := []struct {
		name      string
		want, got []ref.LegalAction
		findings  int
	}{
		{"equal", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{raise, fold, call}, 0},
		{"missing raise", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{fold, call}, 1},
		{"extra raise", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, call, raise}, 1},
		{"other amount", []ref.LegalAction{fold, call}, []ref.LegalAction{fold, {Action: "call", Amount: 2}}, 1},
		{"other bounds", []ref.LegalAction{fold, raise}, []ref.LegalAction{fold, {Action: "raise", Min: 2, Max: 12}}, 1},
		{"unknown action", []ref.LegalAction{fold}, []ref.LegalAction{fold, {Action: "check"}}, 1},
		{"all wrong", []ref.LegalAction{fold, call, raise}, []ref.LegalAction{{Action: "call", Amount: 1}, {Action: "check"}}, 4},
	}
	key := func(rule, text string) string { return rule + " | " + text }
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var suite, shared []string
			for _, d := range diffLegal(tc.want, tc.got) {
				f := finding(legalRule(d.action), rules.Where{}, d.want, d.got, "legal_actions %s", d.what)
				suite = append(suite, key(f.Rule, f.Message))
			}
			for _, f := range CompareLegalActions(rules.Where{}, tc.want, tc.got) {
				shared = append(shared, key(f.Rule, f.Message))
			}
			sort.Strings(suite)
			sort.Strings(shared)
			if len(shared) != tc.findings {
				t.Errorf("CompareLegalActions gave %d finding(s), want %d: %q", len(shared), tc.findings, shared)
			}
			if len(suite) != len(shared) {
				t.Fatalf("suite %q, shared %q", suite, shared)
			}
			for i := range suite {
				if suite[i] != shared[i] {
					t.Errorf("finding %d: suite %q, shared %q", i, suite[i], shared[i])
				}
			}
		})
	}
}
