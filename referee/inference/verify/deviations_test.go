package verify

import (
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestDeviationsCiteTheirRule: a log the engine plays with one deviation
// on (the embedded server's faults) breaks the deviation's rule, and no
// other MUST rule: the verifier charges the divergence to the rule that was
// played wrongly, and follows the log from there. The same matches without
// the deviation verify clean (TestSelfPlayLogsVerifyClean's generator).
func TestDeviationsCiteTheirRule(t *testing.T) {
	tests := []struct {
		dev, rule string
		overRaise bool // seats try raises they cannot cover
	}{
		{ref.DevBettingStartsLate, "inference/round.3.order", false},
		{ref.DevBettingOverruns, "inference/round.5.end-of-betting", false},
		{ref.DevCheckCostsOne, "inference/round.3.call", false},
		{ref.DevFoldRefunds, "inference/round.3.fold", false},
		{ref.DevRaiseForgetsOwnBets, "inference/round.3.raise", false},
		{ref.DevRaiseUncovered, "inference/round.3.raise-covered", true},
	}
	for _, tc := range tests {
		t.Run(tc.dev, func(t *testing.T) {
			seen := 0
			for i := range 12 {
				g := selfPlayGen(i)
				g.seed = fmt.Sprintf("dev-%s-%d", tc.dev, i)
				g.overRaise = tc.overRaise
				log, _ := g.play(t)
				if fs, _ := verifyAll(t, log, Options{File: g.seed}); len(fs) != 0 {
					t.Fatalf("seed %s without the deviation: %s", g.seed, describe(fs))
				}
				g.cfg.Deviations = rules.DeviationsOf(tc.dev)
				log, _ = g.play(t)
				fs, _ := verifyAll(t, log, Options{File: g.seed})
				for _, f := range fs {
					switch {
					case f.Rule == tc.rule:
						seen++
					case f.Level == rules.Must:
						t.Fatalf("seed %s: %s also breaks %s:%s", g.seed, tc.dev, f.Rule, describe(fs[:min(len(fs), 8)]))
					}
				}
			}
			if seen == 0 {
				t.Fatalf("no log played with %s breaks %s", tc.dev, tc.rule)
			}
		})
	}
}
