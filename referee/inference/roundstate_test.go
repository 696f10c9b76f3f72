package inference

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestRoundState: the round's count as State and the verifier advance it,
// and the rules a logged call or ante breaks.
func TestRoundState(t *testing.T) {
	cfg := DefaultConfig()
	t.Run("begin, open, raise, next, end", func(t *testing.T) {
		seats := []SeatState{{Credits: 8, InRound: true}, {Credits: 8, InRound: true}, {Credits: 8}}
		var r RoundState
		r.Begin(4, 1, 2)
		if r.Round != 4 || r.Dealer != 1 || r.Ante != 2 || r.ToAct != -1 || r.Turn != 0 {
			t.Fatalf("Begin: %+v", r)
		}
		if !r.Open(seats) || r.ToAct != 0 {
			t.Fatalf("Open: to act %d, want 0 (left of dealer 1, seat 2 not dealt in)", r.ToAct)
		}
		p := &seats[0]
		if err := r.CheckRaise(&cfg, p, 3); err != nil {
			t.Fatalf("a covered raise: %v", err)
		}
		p.Put(r.Owed(p) + 3)
		r.Raise(seats, 3)
		p.Acted = true
		if !r.Next(seats, 0) || r.ToAct != 1 || r.Turn != 1 || r.CurrentBet != 3 || r.RaisesUsed != 1 {
			t.Fatalf("after a raise: %+v", r)
		}
		q := &seats[1]
		if r.ToCall(q) != 3 {
			t.Errorf("ToCall = %d, want 3", r.ToCall(q))
		}
		q.Put(r.ToCall(q))
		q.Acted = true
		if r.Next(seats, 1) || r.ToAct != -1 {
			t.Errorf("after the call the betting is over: %+v", r)
		}
	})
	t.Run("raise reopens the betting", func(t *testing.T) {
		seats := []SeatState{{Credits: 9, InRound: true, Acted: true}, {Credits: 9, InRound: true, Acted: true}}
		var r RoundState
		r.Raise(seats, 2)
		if seats[0].Acted || seats[1].Acted {
			t.Error("a raise makes every seat act again")
		}
	})
	t.Run("a seat's round: deal, ante, act, bust", func(t *testing.T) {
		p := SeatState{Credits: 5, SittingOut: true, BackInRound: 3, Strikes: 3, Folded: true, Bet: 4, Value: 9}
		if !p.Deal(true) || p.SittingOut || p.BackInRound != 0 || p.Strikes != 3 || !p.InRound || p.Folded || p.Bet != 0 || p.Value != 0 {
			t.Fatalf("Deal(true) of a sitting-out seat returns it, keeps its strikes, clears the round: %+v", p)
		}
		if p.Deal(true) {
			t.Error("Deal of a seat that is not sitting out is no return")
		}
		p.PostAnte(2)
		if p.Credits != 3 || p.Contribution != 2 || p.AllIn {
			t.Fatalf("PostAnte(2): %+v", p)
		}
		if p.Put(1); p.Moved() || p.Credits != 2 || p.Bet != 1 || p.Contribution != 3 || !p.Acted {
			t.Fatalf("a call of 1: %+v", p)
		}
		if p.Put(2); !p.Moved() || !p.AllIn {
			t.Fatalf("putting the last credit in is all-in: %+v", p)
		}
		q := SeatState{Credits: 0, InRound: true, Folded: true}
		if q.Moved() || q.AllIn {
			t.Fatalf("a fold is never all-in: %+v", q)
		}
		r := SeatState{Credits: 1}
		if r.PostAnte(1); !r.AllIn {
			t.Error("an ante of the whole stack is all-in")
		}
		r.SitOut(7)
		r.Bust(4)
		if !r.Busted || r.BustRound != 4 || r.SittingOut || r.BackInRound != 0 {
			t.Errorf("Bust ends a sit-out: %+v", r)
		}
	})
	t.Run("a logged call", func(t *testing.T) {
		for _, c := range []struct {
			paid, owed, credits int
			rule                string
		}{
			{3, 3, 9, ""}, {0, 0, 9, ""}, {2, 5, 2, ""},
			{2, 3, 9, "inference/round.3.call"},
			{1, 0, 9, "inference/round.3.call"},
			{1, 5, 2, "inference/round.3.all-in"},
			{3, 3, 2, "inference/round.3.all-in"},
		} {
			if got := rules.RuleOf(CheckCall(c.paid, c.owed, c.credits)); got != c.rule {
				t.Errorf("CheckCall(%d, owed %d, credits %d) = %q, want %q", c.paid, c.owed, c.credits, got, c.rule)
			}
		}
	})
	t.Run("a logged ante", func(t *testing.T) {
		for _, c := range []struct {
			paid, ante, credits int
			rule                string
		}{
			{2, 2, 9, ""}, {1, 2, 1, ""}, {2, 2, 2, ""},
			{3, 2, 9, "inference/round.2.ante"},
			{2, 3, 1, "inference/round.2.short-ante"},
			{4, 2, 3, "inference/round.2.short-ante"},
		} {
			if got := rules.RuleOf(CheckAnte(c.paid, c.ante, c.credits)); got != c.rule {
				t.Errorf("CheckAnte(%d, ante %d, credits %d) = %q, want %q", c.paid, c.ante, c.credits, got, c.rule)
			}
		}
	})
}
