package inference

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestBettingOrder: betting opens left of the dealer and goes round in seat
// order, skipping folded and all-in seats (inference/round.3.order).
func TestBettingOrder(t *testing.T) {
	t.Run("inference/round.3.order", func(t *testing.T) {
		for dealer := 0; dealer < 4; dealer++ {
			s, _ := table(t, dealer, 0, 0, 0, 0)
			start(t, s, 1, 2, 3, 4)
			var order []int
			for s.Phase() == PhaseBetting {
				order = append(order, s.ToAct())
				act(t, s, s.ToAct(), ActionCall, 0)
			}
			want := []int{(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer}
			if !eqInts(order, want) {
				t.Fatalf("dealer %d: order %v, want %v", dealer, order, want)
			}
		}
		// Seat 1 is all-in from the ante: the order skips it.
		s, _ := table(t, 0, 0, 2, 0, 0)
		start(t, s, 1, 2, 3, 4)
		if s.ToAct() != 2 {
			t.Fatalf("first to act %d, want 2 (seat 1 is all-in)", s.ToAct())
		}
		act(t, s, 2, ActionFold, 0)
		if s.ToAct() != 3 {
			t.Fatalf("after seat 2 folds, %d is to act, want 3", s.ToAct())
		}
	})
}

// TestActions covers fold, call/check and raise
// (inference/round.3.fold, inference/round.3.call, inference/round.3.raise,
// inference/wire.move.amount, inference/protocol.current-bet,
// inference/protocol.to-call).
func TestActions(t *testing.T) {
	t.Run("inference/round.3.call", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		before := credits(s)
		act(t, s, 0, ActionCall, 0) // a check: nothing to call
		if got := credits(s); !eqInts(got, before) {
			t.Fatalf("a check cost credits: %v -> %v", before, got)
		}
		act(t, s, 1, ActionRaise, 4)
		act(t, s, 2, ActionCall, 0)
		if c := s.Seat(2).Credits; c != 94 {
			t.Fatalf("call of 4 after ante 2 left %d credits, want 94", c)
		}
	})
	t.Run("inference/round.3.raise", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		if s.CurrentBet() != 0 {
			t.Fatalf("current_bet at open = %d, want 0 (%s)", s.CurrentBet(), "inference/protocol.current-bet")
		}
		act(t, s, 0, ActionRaise, 3)
		act(t, s, 1, ActionRaise, 5) // pays 3 to call plus 5
		if s.CurrentBet() != 8 || s.Seat(1).Credits != 100-2-8 || s.Seat(1).Contribution != 10 {
			t.Fatalf("after raises 3 and 5: current_bet %d, seat 1 credits %d contribution %d; want 8, 90, 10", s.CurrentBet(), s.Seat(1).Credits, s.Seat(1).Contribution)
		}
	})
	t.Run("inference/wire.move.amount", func(t *testing.T) {
		// amount is the increment: raising 2 on a bet of 5 makes it 7, not 2.
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		act(t, s, 0, ActionRaise, 5)
		act(t, s, 1, ActionRaise, 2)
		if s.CurrentBet() != 7 {
			t.Fatalf("current_bet %d, want 7", s.CurrentBet())
		}
		wantRule(t, s.Apply(2, Move{Action: ActionRaise}), "inference/round.3.raise-bounds")
	})
	t.Run("inference/protocol.to-call", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 6)
		start(t, s, 1, 2, 3)
		act(t, s, 0, ActionRaise, 10)
		if got := s.ToCall(1); got != 10 {
			t.Fatalf("to_call of seat 1 = %d, want 10", got)
		}
		if got := s.ToCall(2); got != 4 {
			t.Fatalf("to_call of seat 2 (4 credits left) = %d, want 4 (capped)", got)
		}
		if got := s.View(2).ToCall; got != 4 {
			t.Fatalf("view to_call = %d, want 4", got)
		}
	})
	t.Run("inference/round.3.fold", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 99, 2, 3)
		act(t, s, 0, ActionRaise, 10)
		act(t, s, 1, ActionFold, 0)
		act(t, s, 2, ActionCall, 0)
		if !s.Seat(1).Folded {
			t.Fatal("seat 1 not folded")
		}
		// Seat 0 (99) wins 12+12+2: the folded ante stays in the pot.
		if got := s.LastOutcome(); got.Pot != 26 || got.Payouts[0].Amount != 26 {
			t.Fatalf("outcome %+v, want pot 26 to seat 0", got)
		}
	})
}

// TestRaiseLimits: bounds, cap and coverage (inference/round.3.raise-bounds,
// inference/round.3.raise-cap, inference/round.3.raise-covered).
func TestRaiseLimits(t *testing.T) {
	t.Run("inference/round.3.raise-bounds", func(t *testing.T) {
		for _, amount := range []int{-1, 0, 11, 100} {
			s, _ := table(t, 2, 0, 0, 0)
			start(t, s, 1, 2, 3)
			wantRule(t, s.Apply(0, Move{Action: ActionRaise, Amount: amount}), "inference/round.3.raise-bounds")
		}
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		act(t, s, 0, ActionRaise, 1)
		act(t, s, 1, ActionRaise, 10)
	})
	t.Run("inference/round.3.raise-cap", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		act(t, s, 0, ActionRaise, 1)
		act(t, s, 1, ActionRaise, 1)
		act(t, s, 2, ActionRaise, 1)
		wantRule(t, s.Apply(0, Move{Action: ActionRaise, Amount: 1}), "inference/round.3.raise-cap")
		for _, la := range s.Legal(nil) {
			if la.Action == ActionRaise {
				t.Fatalf("raise offered after the cap: %v", s.Legal(nil))
			}
		}
		if s.RaisesUsed() != 3 {
			t.Fatalf("raises_used %d, want 3", s.RaisesUsed())
		}
	})
	t.Run("inference/round.3.raise-covered", func(t *testing.T) {
		s, _ := table(t, 2, 0, 0, 9) // seat 2 has 7 after the ante
		start(t, s, 1, 2, 3)
		act(t, s, 0, ActionRaise, 4)
		act(t, s, 1, ActionCall, 0)
		// Seat 2 owes 4 and holds 7: raises up to 3 are covered.
		wantRule(t, s.Apply(2, Move{Action: ActionRaise, Amount: 4}), "inference/round.3.raise-covered")
		legal := s.Legal(nil)
		if got := fmt.Sprint(legal); got != "[{fold 0 0 0} {call 4 0 0} {raise 0 1 3}]" {
			t.Fatalf("legal %s", got)
		}
		act(t, s, 2, ActionRaise, 3)
		if !s.Seat(2).AllIn {
			t.Fatal("a raise of the whole stack leaves the seat all-in")
		}
	})
}

// TestShortCallAllIn: a seat that cannot cover the call pays what it has
// and is all-in; the action line says so (inference/round.3.all-in,
// inference/protocol.action-all-in).
func TestShortCallAllIn(t *testing.T) {
	for _, id := range []string{"inference/round.3.all-in", "inference/protocol.action-all-in"} {
		t.Run(id, func(t *testing.T) {
			s, log := table(t, 2, 0, 0, 5)
			start(t, s, 1, 2, 3)
			act(t, s, 0, ActionRaise, 10)
			act(t, s, 1, ActionFold, 0)
			if got := s.Legal(nil)[1]; got.Amount != 3 {
				t.Fatalf("call item pays %d, want 3 (the whole stack)", got.Amount)
			}
			act(t, s, 2, ActionCall, 0)
			want := `{"type":"action","round":1,"turn":2,"seat":2,"action":"call","amount":3,"all_in":true}`
			if !strings.Contains(string(log.Buf), want) {
				t.Fatalf("log lacks %s:\n%s", want, log.Buf)
			}
			// Seat 2 (3) loses to seat 0? values 1,2,3: seat 2 wins the main pot.
			o := s.LastOutcome()
			if fmt.Sprint(o.Payouts) != "[{0 7} {2 12}]" {
				t.Fatalf("payouts %v, want seat 2 the main pot 12, seat 0 its uncalled 7", o.Payouts)
			}
		})
	}
}

// TestEndOfBetting (inference/round.5.end-of-betting): everyone acts at
// least once; a raise reopens the action; one seat left ends it.
func TestEndOfBetting(t *testing.T) {
	t.Run("inference/round.5.end-of-betting", func(t *testing.T) {
		s, _ := table(t, 0, 0, 0, 0)
		start(t, s, 1, 2, 3)
		act(t, s, 1, ActionCall, 0)
		act(t, s, 2, ActionRaise, 2)
		act(t, s, 0, ActionCall, 0)
		if s.Phase() != PhaseBetting || s.ToAct() != 1 {
			t.Fatalf("seat 1 must answer the raise; phase %s, to act %d", s.Phase(), s.ToAct())
		}
		act(t, s, 1, ActionCall, 0)
		if s.Phase() != PhaseReady {
			t.Fatalf("betting should be over, phase %s", s.Phase())
		}
		s2, _ := table(t, 0, 0, 0, 0)
		start(t, s2, 1, 2, 3)
		act(t, s2, 1, ActionFold, 0)
		act(t, s2, 2, ActionFold, 0)
		if s2.Phase() != PhaseReady || !s2.LastOutcome().Uncontested {
			t.Fatalf("one seat left must end the round uncontested")
		}
		// All but one all-in from the antes: no betting at all (I-INF-3).
		s3, _ := table(t, 0, 0, 1, 2)
		start(t, s3, 1, 2, 3)
		if s3.Phase() != PhaseReady || len(s3.History()[0].Actions) != 0 {
			t.Fatalf("betting opened with one seat able to act")
		}
	})
}

// TestTableTalk: a message is logged before its action and shown to all;
// the length limit counts code points (inference/round.4.table-talk,
// inference/round.4.message-length, inference/protocol.message-code-points).
func TestTableTalk(t *testing.T) {
	t.Run("inference/round.4.table-talk", func(t *testing.T) {
		s, log := table(t, 2, 0, 0, 0)
		start(t, s, 1, 2, 3)
		if err := s.Apply(0, Move{Action: ActionRaise, Amount: 5, Message: "I like my odds."}); err != nil {
			t.Fatal(err)
		}
		l := lines(log)
		if l[len(l)-2] != `{"type":"message","round":1,"turn":0,"seat":0,"text":"I like my odds."}` ||
			!strings.HasPrefix(l[len(l)-1], `{"type":"action","round":1,"turn":0,"seat":0,"action":"raise"`) {
			t.Fatalf("message not logged just before its action:\n%s", log.Buf)
		}
		for seat := 0; seat < 3; seat++ {
			if ms := s.View(seat).Messages; len(ms) != 1 || ms[0].Text != "I like my odds." {
				t.Fatalf("seat %d sees messages %v", seat, ms)
			}
		}
	})
	for _, id := range []string{"inference/round.4.message-length", "inference/protocol.message-code-points"} {
		t.Run(id, func(t *testing.T) {
			s, _ := table(t, 2, 0, 0, 0)
			start(t, s, 1, 2, 3)
			wantRule(t, s.Apply(0, Move{Action: ActionCall, Message: strings.Repeat("é", 281)}), "inference/round.4.message-length")
			// 280 two-byte characters: 560 bytes but 280 code points, accepted.
			if err := s.Apply(0, Move{Action: ActionCall, Message: strings.Repeat("é", 280)}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestIllegalMoves: rejections name the rule and change nothing
// (inference/illegal.not-your-turn, inference/illegal.no-consume,
// inference/illegal.match-over, inference/wire.move.action).
func TestIllegalMoves(t *testing.T) {
	const noConsume = "inference/illegal.no-consume" // checked in each case below
	tests := []struct {
		name string
		seat int
		move Move
		rule string
	}{
		{"not your turn", 1, Move{Action: ActionCall}, "inference/illegal.not-your-turn"},
		{"no such seat", 7, Move{Action: ActionCall}, "inference/illegal.not-your-turn"},
		{"unknown action", 0, Move{Action: "check"}, "inference/wire.move.action"},
		{"empty action", 0, Move{}, "inference/wire.move.action"},
		{"raise too big", 0, Move{Action: ActionRaise, Amount: 11}, "inference/round.3.raise-bounds"},
		{"message too long", 0, Move{Action: ActionFold, Message: strings.Repeat("x", 281)}, "inference/round.4.message-length"},
	}
	for _, tc := range tests {
		t.Run(noConsume+"/"+tc.name, func(t *testing.T) {
			s, log := table(t, 2, 0, 0, 0)
			start(t, s, 1, 2, 3)
			before, logBefore, view := s.Seats(), string(log.Buf), viewJSON(s, 0)
			wantRule(t, s.Apply(tc.seat, tc.move), tc.rule)
			// inference/illegal.no-consume: same seat to act, nothing changed.
			if s.ToAct() != 0 || fmt.Sprint(s.Seats()) != fmt.Sprint(before) || string(log.Buf) != logBefore || viewJSON(s, 0) != view {
				t.Fatalf("a rejected move changed the state")
			}
			act(t, s, 0, ActionCall, 0)
		})
	}
	t.Run("inference/illegal.match-over", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.TableSize, cfg.Rounds = 3, 1
		m, err := NewMatch(cfg, "m", "over", []string{"a", "b", "c"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for m.Phase() != PhaseOver {
			if err := m.Apply(m.ToAct(), Move{Action: ActionFold}); err != nil {
				t.Fatal(err)
			}
		}
		wantRule(t, m.Apply(0, Move{Action: ActionCall}), "inference/illegal.match-over")
		wantRule(t, m.Timeout(), "inference/illegal.match-over")
		wantRule(t, m.StartRound(nil), "inference/illegal.match-over")
	})
}

// TestOnlyListedMovesAccepted enumerates moves in many positions: Apply
// accepts a move exactly when it is in Legal (inference/illegal.listed-only).
func TestOnlyListedMovesAccepted(t *testing.T) {
	t.Run("inference/illegal.listed-only", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.StartingCredits = 15
		m, err := NewMatch(cfg, "m", "listed", []string{"a", "b", "c", "d", "e", "f"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var cands []Move
		for _, a := range []string{ActionFold, ActionCall, "bet", ""} {
			cands = append(cands, Move{Action: a})
		}
		for amt := -1; amt <= 12; amt++ {
			cands = append(cands, Move{Action: ActionRaise, Amount: amt})
		}
		for step := 0; m.Phase() != PhaseOver; step++ {
			legal := m.Legal(nil)
			seat := m.ToAct()
			for _, c := range cands {
				for _, who := range []int{seat, (seat + 1) % 6} {
					probe := *m.State
					probe.seats = append([]SeatState(nil), m.seats...)
					probe.actions = append([]ActionRecord(nil), m.actions...)
					probe.history = append([]RoundRecord(nil), m.history...)
					probe.sink = nil
					err := probe.check(who, c)
					if want := who == seat && movesListed(legal, c); (err == nil) != want {
						t.Fatalf("seat %d move %+v: accepted=%v, listed=%v (legal %v, err %v)", who, c, err == nil, want, legal, err)
					}
				}
			}
			la := legal[step%len(legal)]
			mv := Move{Action: la.Action, Amount: la.Max}
			if err := m.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func viewJSON(s *State, seat int) string {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		panic(err)
	}
	return string(b)
}
