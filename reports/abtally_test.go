package reports

import (
	"fmt"
	"testing"
)

// TestABTallyAgreesWithABOf: pairs added as they complete, in the order
// ABOf sorts them, give ABOf's counts, Elo, void pairs and SPRT — decided
// or not — whatever side of a pair ends first.
func TestABTallyAgreesWithABOf(t *testing.T) {
	for _, c := range []struct {
		name string
		spec ABSpec
		n    int
	}{
		{"undecided", ABSpec{Elo0: -20, Elo1: 0, Alpha: 0.05, Beta: 0.05}, 30},
		{"decided", ABSpec{Elo0: -200, Elo1: 200, Alpha: 0.1, Beta: 0.1}, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			var all []Match
			tally := NewABTally(c.spec)
			for i := 0; i < c.n; i++ {
				seed := fmt.Sprintf("s%04d", i)
				n := Match{Seed: seed, Side: SideNew, Adversary: "random", Score: float64(i * 7 % 5), Termination: TermOK}
				b := Match{Seed: seed, Side: SideBaseline, Adversary: "random", Score: float64(i * 3 % 4), Termination: TermOK}
				if i%11 == 5 {
					b.Termination = TermHarness
				}
				if i%2 == 1 {
					n, b = b, n // the baseline's match ends first
				}
				tally.Add(n)
				tally.Add(b)
				all = append(all, n, b)
			}
			want, got := ABOf(c.spec, nil, all).Overall, tally.Overall()
			if got.Pairs != want.Pairs || got.Wins != want.Wins || got.Draws != want.Draws || got.Losses != want.Losses || got.Void != want.Void || got.Elo != want.Elo {
				t.Errorf("tally %+v, want ABOf's %+v", got, want)
			}
			if s, w := got.SPRT, want.SPRT; s.Decision != w.Decision || s.LLR != w.LLR || s.Pairs != w.Pairs || s.Lower != w.Lower || s.Upper != w.Upper {
				t.Errorf("SPRT %+v, want %+v", s, w)
			}
			t.Logf("%d pairs, SPRT %s after %d", got.Pairs, got.SPRT.Decision, got.SPRT.Pairs)
		})
	}
}
