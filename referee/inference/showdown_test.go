package inference

import (
	"fmt"
	"strings"
	"testing"
)

func TestPots(t *testing.T) {
	tests := []struct {
		name    string
		contrib []int
		folded  []bool
		want    string
	}{
		{"one level", []int{5, 5, 5}, []bool{false, false, false}, "[{15 [0 1 2]}]"},
		{"folded contribution stays", []int{5, 2, 5}, []bool{false, true, false}, "[{6 [0 2]} {6 [0 2]}]"},
		// Three all-ins at 5, 10, 20, a fold at 30 and a caller at 30.
		{"three all-ins and a fold", []int{5, 10, 20, 30, 30}, []bool{false, false, false, true, false},
			"[{25 [0 1 2 4]} {20 [1 2 4]} {30 [2 4]} {20 [4]}]"},
		// The top layer (4..10) only a folded seat reached: merged down.
		{"layer nobody in reached", []int{2, 4, 10}, []bool{false, false, true}, "[{6 [0 1]} {10 [1]}]"},
		{"nobody in", []int{0, 0, 0}, []bool{true, true, true}, "[]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Pots(tc.contrib, tc.folded)
			sum, want := 0, 0
			for _, p := range got {
				sum += p.Amount
			}
			for _, c := range tc.contrib {
				want += c
			}
			if fmt.Sprint(got) != tc.want || sum != want {
				t.Fatalf("have %v (sum %d), want %s (sum %d)", got, sum, tc.want, want)
			}
		})
	}
}

func TestSettle(t *testing.T) {
	tests := []struct {
		name    string
		rule    string
		contrib []int
		folded  []bool
		values  []int
		dealer  int
		want    string // Outcome as printed
	}{
		{"highest value wins", "inference/round.6.showdown", []int{4, 4, 4}, []bool{false, false, false}, []int{10, 90, 50}, 0,
			"{12 false [{0 10} {1 90} {2 50}] [1] [{1 12}]}"},
		{"folded seat not revealed", "inference/round.6.showdown", []int{4, 2, 4}, []bool{false, true, false}, []int{10, 100, 50}, 0,
			"{10 false [{0 10} {2 50}] [2] [{2 10}]}"},
		{"side pots with three all-ins and a fold", "inference/round.6.side-pots",
			[]int{5, 10, 20, 30, 30}, []bool{false, false, false, true, false}, []int{100, 90, 80, 99, 70}, 0,
			// main 25 → seat 0; 20 → seat 1; 30 → seat 2; 20 → seat 4.
			"{95 false [{0 100} {1 90} {2 80} {4 70}] [0 1 2 4] [{0 25} {1 20} {2 30} {4 20}]}"},
		{"layer no seat still in reached", "inference/round.6.side-pots", []int{2, 4, 10}, []bool{false, false, true}, []int{90, 10, 0}, 0,
			"{16 false [{0 90} {1 10}] [0 1] [{0 6} {1 10}]}"},
		{"tie splits evenly", "inference/round.6.ties", []int{5, 5, 5}, []bool{false, false, true}, []int{70, 70, 99}, 0,
			"{15 false [{0 70} {1 70}] [0 1] [{0 7} {1 8}]}"}, // odd credit: seat 1 is left of dealer 0
		{"uncontested keeps the value hidden", "inference/round.7.uncontested", []int{7, 2, 2}, []bool{false, true, true}, []int{1, 100, 100}, 0,
			"{11 true [] [0] [{0 11}]}"},
		{"winner taking back its own layer is listed", "inference/protocol.winners", []int{3, 9, 9}, []bool{false, false, true}, []int{80, 20, 0}, 0,
			"{21 false [{0 80} {1 20}] [0 1] [{0 9} {1 12}]}"},
	}
	for _, tc := range tests {
		t.Run(tc.rule+"/"+tc.name, func(t *testing.T) {
			o, err := Settle(tc.contrib, tc.folded, tc.values, tc.dealer)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(o); got != tc.want {
				t.Fatalf("have %s\nwant %s", got, tc.want)
			}
		})
	}
	t.Run("missing value", func(t *testing.T) {
		_, err := Settle([]int{2, 2}, []bool{false, false}, []int{5, 0}, 0)
		wantRule(t, err, "inference/round.6.showdown")
	})
}

// TestOddChips: with the dealer in every position, the odd credits of a
// three-way tie go one each to the tied seats nearest the dealer's left,
// per pot (inference/round.6.odd-chips).
func TestOddChips(t *testing.T) {
	t.Run("inference/round.6.odd-chips", func(t *testing.T) {
		// Pot 3+3+3+3+2 = 14 among seats 0, 2, 4 tied: 4 each, 2 odd.
		contrib := []int{3, 3, 3, 3, 2}
		folded := []bool{false, true, false, true, false}
		values := []int{60, 0, 60, 0, 60}
		for dealer := 0; dealer < 5; dealer++ {
			o, err := Settle(contrib, folded, values, dealer)
			if err != nil {
				t.Fatal(err)
			}
			// The main pot (10: 2 from each) splits 4/3/3; the second
			// layer (4: seats 0 and 2 of the tie reached it) splits 2/2.
			var order []int
			for k := 1; k <= 5; k++ {
				if s := (dealer + k) % 5; !folded[s] {
					order = append(order, s)
				}
			}
			want := map[int]int{0: 3 + 2, 2: 3 + 2, 4: 3}
			want[order[0]]++ // main pot's odd credit: first tied seat left of the dealer
			got := map[int]int{}
			for _, p := range o.Payouts {
				got[p.Seat] = p.Amount
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("dealer %d: payouts %v, want %v", dealer, got, want)
			}
		}
		// In play: dealer 1, seats 0 and 2 tie over a pot of 2+2+1 = 5? Use
		// antes 2, seat 1 folds: pot 6 splits 3/3; with a 1-credit stack the
		// odd credit goes to seat 2 (left of dealer 1).
		s, _ := table(t, 1, 0, 0, 0)
		start(t, s, 50, 1, 50)
		act(t, s, 2, ActionRaise, 1)
		act(t, s, 0, ActionCall, 0)
		act(t, s, 1, ActionFold, 0)
		if got := fmt.Sprint(s.LastOutcome().Payouts); got != "[{0 4} {2 4}]" {
			t.Fatalf("payouts %s", got)
		}
		s, _ = table(t, 1, 0, 0, 0)
		start(t, s, 50, 1, 50)
		act(t, s, 2, ActionRaise, 1)
		act(t, s, 0, ActionCall, 0)
		act(t, s, 1, ActionCall, 0) // pot 9, seat 1 loses
		if got := fmt.Sprint(s.LastOutcome().Payouts); got != "[{0 4} {2 5}]" {
			t.Fatalf("odd credit should go to seat 2, left of dealer 1: %s", got)
		}
	})
}

// TestSidePotsInPlay drives three all-ins of different sizes, a caller and
// a fold through the engine (inference/round.6.side-pots).
func TestSidePotsInPlay(t *testing.T) {
	t.Run("inference/round.6.side-pots", func(t *testing.T) {
		s, log := table(t, 4, 7, 12, 22, 0, 0)
		start(t, s, 90, 80, 10, 50, 99)
		act(t, s, 0, ActionRaise, 5)  // all-in for 5
		act(t, s, 1, ActionRaise, 5)  // pays 5 + 5: all-in
		act(t, s, 2, ActionRaise, 10) // pays 10 + 10: all-in
		act(t, s, 3, ActionCall, 0)   // 20
		act(t, s, 4, ActionFold, 0)   // the best value folds its ante
		o := s.LastOutcome()
		if got := fmt.Sprint(o.Payouts); got != "[{0 30} {1 15} {3 20}]" || o.Pot != 65 {
			t.Fatalf("payouts %s pot %d, want [{0 30} {1 15} {3 20}] of 65", got, o.Pot)
		}
		if got := linesOfType(log, EventAction); !strings.HasSuffix(got[0], `"all_in":true}`) || !strings.HasSuffix(got[2], `"all_in":true}`) || strings.Contains(got[3], "all_in") {
			t.Fatalf("all_in flags:\n%s", strings.Join(got, "\n"))
		}
		if !s.Seat(2).Busted || s.Seat(0).Busted {
			t.Fatal("seat 2 (lost everything) should bust, seat 0 (won the main pot) not")
		}
	})
}

// TestResync: a verifier can overwrite credits, strikes, sit-outs and the
// next dealer between rounds, and only then.
func TestResync(t *testing.T) {
	s, _ := table(t, 0, 0, 0, 0)
	if err := s.SetCredits(1, 55); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStrikes(2, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSittingOut(2, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNextDealer(1); err != nil {
		t.Fatal(err)
	}
	start(t, s, 5, 6, 7)
	if s.Dealer() != 1 || s.Seat(1).Credits != 53 || s.Seat(2).InRound || s.Seat(2).Strikes != 3 {
		t.Fatalf("resync not applied: dealer %d, seat 1 credits %d, seat 2 %+v", s.Dealer(), s.Seat(1).Credits, s.Seat(2))
	}
	wantRule(t, s.SetCredits(0, 1), "inference/protocol.log-order")
	wantRule(t, s.SetStrikes(0, 1), "inference/timeouts.strikes")
	wantRule(t, s.SetSittingOut(0, 4), "inference/timeouts.sit-out")
	wantRule(t, s.SetNextDealer(0), "inference/table.button")
}
