package server

import (
	"context"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// TestOtherChanceDealsItsOwn: a match of the other-chance dialect deals
// values of 1–100 and a first dealer of its own, not umpire's deal function
// of its seed (what verify --seed replays), and commits to its seed as
// before; without the dialect the deal is umpire's.
func TestOtherChanceDealsItsOwn(t *testing.T) {
	for _, other := range []bool{false, true} {
		var ds []Dialect
		if other {
			ds = []Dialect{DialectOtherChance}
		}
		s, err := New(Options{Dialects: ds})
		if err != nil {
			t.Fatal(err)
		}
		seed := "other"
		c, err := s.CreateMatch(MatchSpec{Seats: 4, Rounds: 6, Seed: &seed, Agents: []int{}, Adversaries: []string{"passive"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
			t.Fatal(err)
		}
		log, over, _ := s.Log(c.MatchID)
		if !over {
			t.Fatal("the match is not over")
		}
		deals, umpires := 0, 0
		for _, e := range parseLog(t, log) {
			switch e.Type {
			case ref.EventMatchStart:
				if e.SeedCommit != ref.SeedCommit(seed) {
					t.Errorf("other %v: seed commit %s is not the seed's", other, e.SeedCommit)
				}
			case ref.EventDealPrivate:
				deals++
				if e.Value < ref.ValueMin || e.Value > ref.ValueMax {
					t.Errorf("other %v: value %d out of 1–100", other, e.Value)
				}
				if e.Value == ref.DealValue(seed, e.Round, e.Seat) {
					umpires++
				}
			}
		}
		if deals == 0 {
			t.Fatalf("other %v: no deal_private in the log", other)
		}
		// By chance a few values agree (1 in 100 each); most must not.
		if other && umpires > deals/4 || !other && umpires != deals {
			t.Errorf("other %v: %d of %d values are umpire's deal function's", other, umpires, deals)
		}
		_ = s.Shutdown(context.Background())
	}
}

// TestOtherChanceIsUniform: the other-chance values cover 1–100 about
// evenly and its seatings are permutations.
func TestOtherChanceIsUniform(t *testing.T) {
	c := dialectSet{DialectOtherChance: true}.chance("uniform")
	if _, ok := c.(otherChance); !ok {
		t.Fatalf("the dialect's chance is %T", c)
	}
	var count [ref.ValueMax + 1]int
	for r := 1; r <= 500; r++ {
		for s := range 20 {
			count[c.Value(r, s)]++
		}
	}
	for v := ref.ValueMin; v <= ref.ValueMax; v++ {
		if count[v] < 60 || count[v] > 140 {
			t.Errorf("value %d dealt %d times of 10000", v, count[v])
		}
	}
	for n := 2; n <= 10; n++ {
		if d := c.FirstDealer(n); d < 0 || d >= n {
			t.Errorf("first dealer %d of %d seats", d, n)
		}
		p := c.Seating(n)
		seen := map[int]bool{}
		for _, i := range p {
			seen[i] = true
		}
		if len(p) != n || len(seen) != n {
			t.Errorf("seating %v of %d", p, n)
		}
	}
}
