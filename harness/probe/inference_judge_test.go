package probe

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
)

// TestFaultsAreCaughtNoLog (issue 27): against the embedded Inference
// server serving no match log, the one judge reads the match from every
// seat's stream; each fault of a rule the log replay judges is still
// caught by its own rule at its level, with no other MUST. A fault of a
// rule only a log file shows (its lines' form) has nothing to be caught
// from and is skipped, saying so.
func TestFaultsAreCaughtNoLog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	replayed := verify.InferenceRuleIDs()
	cat := rules.Default()
	var table []faultCase
	for _, fc := range inferenceFaultCases() {
		if r, ok := cat.Lookup(fc.rule); ok && r.Observable == rules.LogOnly {
			t.Run(fc.game+"/"+fc.fault, func(t *testing.T) {
				t.Skipf("%s is a rule of the log file (%s): without a log nothing shows it", fc.rule, r.ObservableWhy)
			})
			continue
		}
		if !slices.Contains(replayed, fc.rule) {
			continue // judged without the log as with it: TestFaultsAreCaught
		}
		table = append(table, fc)
	}
	faultsAreCaught(t, table, []string{"no-log"})
}
