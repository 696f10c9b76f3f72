package probe

import (
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
)

// otherChanceGaps are the faults the suite does not yet catch alone
// against a server dealing values of its own (the other-chance dialect),
// each with why: known gaps of issue 27, reported as skips (never passed
// silently).
var otherChanceGaps = map[string]string{
	conform.GameInference + "/best-takes-side-pots": "steered: the all-in probe's seed puts round 1's unique best value on the seat that acts first in round 2 under umpire's deal function (fixed-values fixes values, not the dealer)",
	conform.GameInference + "/all-in-call-refused":  "steered: the all-in probe's seed puts round 1's unique best value on the seat that acts first in round 2 under umpire's deal function (fixed-values fixes values, not the dealer)",
}

// TestFaultsAreCaughtOtherChance (issue 27): the whole fault matrix against
// the embedded server speaking other-chance, whose deal umpire does not
// share: every fault is caught by its own rule and no other MUST, as
// against the plain server — but for the known gaps (otherChanceGaps),
// skipped with their reason.
func TestFaultsAreCaughtOtherChance(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	var table []faultCase
	for _, fc := range faultTable() {
		if why, ok := otherChanceGaps[fc.Game+"/"+fc.Fault]; ok {
			t.Run(fc.Game+"/"+fc.Fault, func(t *testing.T) {
				t.Skipf("a known gap against a server of its own deal (issue 27): %s", why)
			})
			continue
		}
		table = append(table, fc)
	}
	faultsAreCaught(t, table, []string{"other-chance"})
}
