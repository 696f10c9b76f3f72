package verify

import (
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// selfPlayGen returns the self-play match of seed i: table sizes 3–8,
// small stacks (busts, all-ins, side pots), timeouts and a flaky seat.
func selfPlayGen(i int) gen {
	cfg := ref.DefaultConfig()
	cfg.TableSize = 3 + i%6
	cfg.StartingCredits = 20 + (i*7)%90
	cfg.Rounds = 10 + (i*13)%50
	return gen{cfg: cfg, seed: fmt.Sprintf("self-%d", i), timeoutP: 0.04, flaky: i % cfg.TableSize, flakyP: 0.45, msgP: 0.2}
}

func TestSelfPlayLogsVerifyClean(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 40
	}
	for i := range seeds {
		g := selfPlayGen(i)
		log, _ := g.play(t)
		fs, sum := verifyAll(t, log, Options{File: g.seed})
		if len(fs) != 0 {
			t.Fatalf("seed %s: %d findings on an engine log, want 0:%s", g.seed, len(fs), describe(fs[:min(len(fs), 10)]))
		}
		if !sum.Ended || sum.Public || sum.DealsRederived == 0 {
			t.Fatalf("seed %s: summary %+v: want an ended full log with deals re-derived", g.seed, sum)
		}
	}
}
