package verify

import (
	"math/rand/v2"
	"slices"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// TestSettleMatchesEngine: the verifier's allocation-free settlement pays
// exactly what ref.Settle pays, on random contested showdowns.
func TestSettleMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	v := NewInference(Options{})
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
		if left < 2 {
			continue
		}
		v.dealer = rng.IntN(n)
		want, err := ref.Settle(contrib, folded, values, v.dealer)
		if err != nil {
			t.Fatal(err)
		}
		var got ref.Outcome
		if !v.settle(&got, contrib, folded, values) {
			t.Fatal("settle refused a table of", n)
		}
		if !slices.Equal(got.Payouts, want.Payouts) {
			t.Fatalf("case %d: contributions %v folded %v values %v dealer %d: got %v, engine %v", i, contrib, folded, values, v.dealer, got.Payouts, want.Payouts)
		}
	}
}
