package inference

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSettlerMatchesSettle: a Settler reusing its buffers pays exactly what
// Settle pays, on random showdowns (contested or not), and what it tells of
// the showdown (pots with their own contenders, tied pots, odd splits and
// the seats that shared them) agrees with a count made from Pots.
func TestSettlerMatchesSettle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var st Settler
	for i := range 20000 {
		n := 3 + rng.IntN(6)
		contrib, folded, values := make([]int, n), make([]bool, n), make([]int, n)
		left := 0
		for s := range n {
			contrib[s] = rng.IntN(6) * (1 + rng.IntN(3))
			folded[s] = rng.IntN(3) == 0
			values[s] = 1 + rng.IntN(4) // few values: many ties
			if !folded[s] {
				left++
			}
		}
		dealer := rng.IntN(n)
		want, err := Settle(contrib, folded, values, dealer)
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.Settle(contrib, folded, values, dealer)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Payouts, want.Payouts) || got.Pot != want.Pot || got.Uncontested != want.Uncontested || !slices.Equal(got.Winners, want.Winners) || !slices.Equal(got.Reveals, want.Reveals) {
			t.Fatalf("case %d: contributions %v folded %v values %v dealer %d: got %+v, Settle %+v", i, contrib, folded, values, dealer, *got, want)
		}
		pots, tied, odd := 0, 0, 0
		oddSeat := make([]bool, n)
		if left >= 2 {
			var prev []int
			for _, p := range Pots(contrib, folded) {
				if len(p.Eligible) == 0 {
					continue
				}
				if !slices.Equal(prev, p.Eligible) {
					pots++
					prev = p.Eligible
				}
				top, best := 0, 0
				for _, s := range p.Eligible {
					top = max(top, values[s])
				}
				for _, s := range p.Eligible {
					if values[s] == top {
						best++
					}
				}
				if best > 1 {
					tied++
					if p.Amount%best != 0 {
						odd++
						for _, s := range p.Eligible {
							if values[s] == top {
								oddSeat[s] = true
							}
						}
					}
				}
			}
		}
		if st.Pots() != pots || st.TiedPots() != tied || st.OddPots() != odd {
			t.Fatalf("case %d: contributions %v folded %v values %v: pots/tied/odd %d/%d/%d, want %d/%d/%d", i, contrib, folded, values, st.Pots(), st.TiedPots(), st.OddPots(), pots, tied, odd)
		}
		for s := range n {
			if st.OddSeat(s) != oddSeat[s] {
				t.Fatalf("case %d: contributions %v folded %v values %v: OddSeat(%d) = %v", i, contrib, folded, values, s, st.OddSeat(s))
			}
		}
	}
}
