package inference

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestTableRules: each rule of table.go on the situations that tell it from
// a near miss (what State and the verifier both evaluate).
func TestTableRules(t *testing.T) {
	cfg := DefaultConfig()
	live := func(seats []SeatState, round int) func(int) bool {
		return func(i int) bool { return seats[i].DealtIn(round) }
	}
	t.Run("button skips busted and sitting-out seats, stays when none is live", func(t *testing.T) {
		seats := []SeatState{{}, {Busted: true}, {SittingOut: true, BackInRound: 9}, {}}
		if got := Button(4, 0, live(seats, 5)); got != 3 {
			t.Errorf("button after 0 = %d, want 3", got)
		}
		if got := Button(4, 0, live(seats, 9)); got != 2 {
			t.Errorf("button after 0 in the back-in round = %d, want 2 (dealt in again)", got)
		}
		if got := Button(4, 3, func(int) bool { return false }); got != 3 {
			t.Errorf("button with nobody live = %d, want 3 (stays)", got)
		}
	})
	t.Run("ante: the ante, or the whole short stack all-in", func(t *testing.T) {
		for _, c := range []struct {
			ante, credits, pay int
			allIn              bool
		}{{2, 10, 2, false}, {2, 2, 2, true}, {3, 1, 1, true}} {
			if pay, allIn := AntePay(c.ante, c.credits); pay != c.pay || allIn != c.allIn {
				t.Errorf("AntePay(%d, %d) = %d, %v; want %d, %v", c.ante, c.credits, pay, allIn, c.pay, c.allIn)
			}
		}
	})
	t.Run("call pays what is owed or the whole stack", func(t *testing.T) {
		if CallPay(5, 3) != 3 || CallPay(2, 9) != 2 || CallPay(0, 9) != 0 {
			t.Error("CallPay: want min(owed, credits), 0 for a check")
		}
	})
	t.Run("raise: bounds, then cap, then cover", func(t *testing.T) {
		for _, c := range []struct {
			amount, owed, credits, used int
			rule                        string
		}{
			{1, 0, 10, 0, ""},
			{11, 0, 100, 0, "inference/round.3.raise-bounds"},
			{0, 0, 100, 3, "inference/round.3.raise-bounds"},
			{5, 0, 100, 3, "inference/round.3.raise-cap"},
			{5, 4, 8, 3, "inference/round.3.raise-cap"},
			{5, 4, 8, 0, "inference/round.3.raise-covered"},
			{5, 4, 9, 0, ""},
		} {
			if got := rules.RuleOf(cfg.CheckRaise(c.amount, c.owed, c.credits, c.used)); got != c.rule {
				t.Errorf("CheckRaise(%d, owed %d, credits %d, used %d) = %q, want %q", c.amount, c.owed, c.credits, c.used, got, c.rule)
			}
		}
	})
	t.Run("strikes: the third in a row sits out for the next rounds", func(t *testing.T) {
		if n, sit, _ := cfg.Strike(1, 4); n != 2 || sit {
			t.Errorf("second strike: %d, sit-out %v", n, sit)
		}
		if n, sit, back := cfg.Strike(2, 4); n != 3 || !sit || back != 4+cfg.SitOutRounds+1 {
			t.Errorf("third strike: %d, sit-out %v, back in %d", n, sit, back)
		}
		if _, sit, _ := cfg.Strike(3, 10); !sit {
			t.Error("a timeout back on the last strike sits out again at once")
		}
	})
	t.Run("a message of the limit fits, one more code point does not", func(t *testing.T) {
		if !cfg.MessageFits(cfg.MaxMessageChars) || cfg.MessageFits(cfg.MaxMessageChars+1) {
			t.Errorf("MessageFits around %d", cfg.MaxMessageChars)
		}
	})
	t.Run("match end", func(t *testing.T) {
		if cfg.EndReason(1, 3) != ReasonOnePlayerLeft || cfg.EndReason(2, cfg.Rounds) != ReasonRoundsComplete || cfg.EndReason(2, cfg.Rounds-1) != "" {
			t.Error("EndReason: one_player_left with one seat left, rounds_complete after the last round, else none")
		}
	})
	t.Run("betting opens with two seats able to act, from the dealer's left", func(t *testing.T) {
		seats := []SeatState{{InRound: true}, {InRound: true, AllIn: true}, {InRound: true}, {}}
		if got := OpenBetting(seats, 0); got != 2 {
			t.Errorf("first to act = %d, want 2 (1 is all-in, 3 not dealt in)", got)
		}
		seats[2].AllIn = true
		if got := OpenBetting(seats, 0); got != -1 {
			t.Errorf("one seat able to act: %d, want -1 (no betting)", got)
		}
	})
	t.Run("next to act: who still owes or has not acted; none when one seat is left", func(t *testing.T) {
		seats := []SeatState{{InRound: true, Acted: true, Bet: 2}, {InRound: true, Acted: true, Bet: 4}, {InRound: true, Folded: true}}
		if got := NextToAct(seats, 1, 4); got != 0 {
			t.Errorf("after the raise of seat 1: %d, want 0 (owes 2)", got)
		}
		seats[0].Bet = 4
		if got := NextToAct(seats, 0, 4); got != -1 {
			t.Errorf("everyone matched: %d, want -1", got)
		}
		seats[0].Folded, seats[0].Acted, seats[1].Acted = true, false, false
		if got := NextToAct(seats, 0, 4); got != -1 {
			t.Errorf("one seat left: %d, want -1", got)
		}
	})
	t.Run("bust and all-in after an action", func(t *testing.T) {
		if !(&SeatState{}).Busts() || (&SeatState{Busted: true}).Busts() || (&SeatState{Credits: 1}).Busts() {
			t.Error("Busts: no credits and not busted already")
		}
		if !(&SeatState{}).AllInAfter() || (&SeatState{Folded: true}).AllInAfter() {
			t.Error("AllInAfter: no credits and not folded")
		}
	})
}

// TestAnteOrder: the antes go round from the dealer's left, the dealer
// last, skipping the seats not dealt in (inference/round.2.ante: the order of the antes).
func TestAnteOrder(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n, dealer int
		out       []int
		want      []int
	}{
		{"from the dealer's left", 4, 1, nil, []int{2, 3, 0, 1}},
		{"the last seat deals", 4, 3, nil, []int{0, 1, 2, 3}},
		{"seats not dealt in are skipped", 5, 0, []int{2, 0}, []int{1, 3, 4}},
		{"no dealer yet", 3, -1, nil, []int{0, 1, 2}},
		{"nobody dealt in", 3, 0, []int{0, 1, 2}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			for i := range AnteOrder(tc.n, tc.dealer, func(i int) bool { return !slices.Contains(tc.out, i) }) {
				got = append(got, i)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("AnteOrder(%d, %d) = %v, want %v", tc.n, tc.dealer, got, tc.want)
			}
		})
	}
}
