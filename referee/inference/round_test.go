package inference

import (
	"fmt"
	"strings"
	"testing"
)

func TestRank(t *testing.T) {
	tests := []struct {
		name string
		in   []Standing
		want string
	}{
		{"by credits, shared places", []Standing{{0, 50, false, 0}, {1, 120, false, 0}, {2, 50, false, 0}, {3, 80, false, 0}},
			"[{1 1 120} {3 2 80} {0 3 50} {2 3 50}]"},
		{"busted below, later bust higher, simultaneous share", []Standing{{0, 0, true, 7}, {1, 300, false, 0}, {2, 0, true, 9}, {3, 0, true, 7}},
			"[{1 1 300} {2 2 0} {0 3 0} {3 3 0}]"},
		{"competition numbering 1 2 2 4", []Standing{{0, 10, false, 0}, {1, 5, false, 0}, {2, 5, false, 0}, {3, 1, false, 0}},
			"[{0 1 10} {1 2 5} {2 2 5} {3 4 1}]"},
	}
	t.Run("inference/match.ranking", func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				if got := fmt.Sprint(Rank(tc.in)); got != tc.want {
					t.Fatalf("have %s, want %s", got, tc.want)
				}
			})
		}
	})
}

// TestBustsAndMatchEnd: simultaneous busts after payouts, busted seats are
// not dealt, and the match ends when one seat holds everything
// (inference/round.2.bust, inference/match.end, inference/protocol.match-end).
func TestBustsAndMatchEnd(t *testing.T) {
	t.Run("inference/round.2.bust", func(t *testing.T) {
		s, log := table(t, 2, 10, 10, 50, 50)
		start(t, s, 1, 2, 99, 3)
		// Seats 0 and 1 go all-in, seat 2 (99) wins everything from them.
		act(t, s, 3, ActionFold, 0)
		act(t, s, 0, ActionRaise, 8)
		act(t, s, 1, ActionCall, 0)
		act(t, s, 2, ActionCall, 0)
		if !s.Seat(0).Busted || !s.Seat(1).Busted || s.Seat(0).BustRound != 1 {
			t.Fatalf("seats 0 and 1 should be busted in round 1")
		}
		l := lines(log)
		if !strings.HasPrefix(l[len(l)-3], `{"type":"showdown"`) || l[len(l)-2] != `{"type":"bust","round":1,"seat":0}` || l[len(l)-1] != `{"type":"bust","round":1,"seat":1}` {
			t.Fatalf("bust lines must follow the showdown in seat order:\n%s", strings.Join(l[len(l)-3:], "\n"))
		}
		start(t, s, 5, 5, 6, 7)
		if got := linesOfType(log, EventRoundStart)[1]; !strings.HasSuffix(got, `"dealt_in":[2,3]}`) {
			t.Fatalf("busted seats dealt in: %s", got)
		}
		if s.Seat(0).Credits != 0 || s.Seat(0).InRound {
			t.Fatal("a busted seat paid an ante or is in the round")
		}
	})
	for _, id := range []string{"inference/match.end", "inference/protocol.match-end"} {
		t.Run(id, func(t *testing.T) {
			s, log := table(t, 0, 10, 10, 10)
			start(t, s, 1, 2, 99)
			act(t, s, 1, ActionRaise, 8)
			act(t, s, 2, ActionCall, 0)
			act(t, s, 0, ActionCall, 0)
			if s.Phase() != PhaseOver || s.EndReason() != ReasonOnePlayerLeft {
				t.Fatalf("phase %s reason %q, want over / one_player_left", s.Phase(), s.EndReason())
			}
			want := `{"type":"match_end","round":1,"reason":"one_player_left","seed":"test-seed","ranking":[{"seat":2,"rank":1,"credits":30},{"seat":0,"rank":2,"credits":0},{"seat":1,"rank":2,"credits":0}]}`
			if l := lines(log); l[len(l)-1] != want {
				t.Fatalf("have %s\nwant %s", l[len(l)-1], want)
			}
			cfg := DefaultConfig()
			cfg.TableSize, cfg.Rounds = 3, 4
			log2 := &LogBuffer{}
			m, err := NewMatch(cfg, "m", "x", []string{"a", "b", "c"}, log2)
			if err != nil {
				t.Fatal(err)
			}
			for m.Phase() != PhaseOver {
				if err := m.Apply(m.ToAct(), Move{Action: ActionCall}); err != nil {
					t.Fatal(err)
				}
			}
			if m.Round() != 4 || m.EndReason() != ReasonRoundsComplete || !strings.Contains(lines(log2)[len(lines(log2))-1], `"round":4,"reason":"rounds_complete"`) {
				t.Fatalf("a 4-round match ended in round %d with %q", m.Round(), m.EndReason())
			}
		})
	}
}

// TestButton: the dealer moves to the next seat left that is live in the
// new round, skipping busted and sitting-out seats (inference/table.button).
func TestButton(t *testing.T) {
	t.Run("inference/table.button", func(t *testing.T) {
		s, _ := table(t, 3, 0, 0, 0, 0)
		var dealers []int
		for r := 0; r < 5; r++ {
			start(t, s, 1, 2, 3, 4)
			dealers = append(dealers, s.Dealer())
			for s.Phase() == PhaseBetting {
				act(t, s, s.ToAct(), ActionCall, 0)
			}
		}
		if !eqInts(dealers, []int{3, 0, 1, 2, 3}) {
			t.Fatalf("dealers %v", dealers)
		}
		// Seat 1 busted, seat 2 sitting out: from dealer 0 the button goes to 3.
		s, _ = table(t, 0, 0, 2, 0, 0)
		start(t, s, 50, 1, 50, 50)
		for s.Phase() == PhaseBetting {
			if s.ToAct() == 2 {
				s.seats[2].Strikes = 2
				if err := s.Timeout(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			act(t, s, s.ToAct(), ActionCall, 0)
		}
		if !s.Seat(1).Busted || !s.Seat(2).SittingOut {
			t.Fatalf("setup: seat 1 busted %v, seat 2 sitting out %v", s.Seat(1).Busted, s.Seat(2).SittingOut)
		}
		start(t, s, 1, 2, 3, 4)
		if s.Dealer() != 3 {
			t.Fatalf("dealer %d, want 3", s.Dealer())
		}
	})
}

// TestAntes: every live seat antes, in order from the dealer's left; a
// short stack posts what it has and is all-in (inference/round.2.ante,
// inference/round.2.short-ante, inference/wire.events.ante-all-in,
// inference/protocol.log-order).
func TestAntes(t *testing.T) {
	t.Run("inference/round.2.ante", func(t *testing.T) {
		s, log := table(t, 1, 0, 0, 0, 0)
		start(t, s, 1, 2, 3, 4)
		if s.Pot() != 8 || !eqInts(credits(s), []int{98, 98, 98, 98}) {
			t.Fatalf("pot %d credits %v", s.Pot(), credits(s))
		}
		var seats []string
		for _, l := range linesOfType(log, EventAnte) {
			seats = append(seats, l[strings.Index(l, `"seat"`):strings.Index(l, `,"amount"`)])
		}
		if fmt.Sprint(seats) != `["seat":2 "seat":3 "seat":0 "seat":1]` {
			t.Fatalf("ante order %v, want from the left of dealer 1", seats)
		}
	})
	for _, id := range []string{"inference/round.2.short-ante", "inference/wire.events.ante-all-in"} {
		t.Run(id, func(t *testing.T) {
			s, log := table(t, 0, 0, 1, 2, 0)
			start(t, s, 1, 2, 3, 4)
			a := linesOfType(log, EventAnte)
			want := []string{
				`{"type":"ante","round":1,"seat":1,"amount":1,"all_in":true}`,
				`{"type":"ante","round":1,"seat":2,"amount":2,"all_in":true}`,
				`{"type":"ante","round":1,"seat":3,"amount":2}`,
			}
			if strings.Join(a[:3], "\n") != strings.Join(want, "\n") {
				t.Fatalf("have\n%s\nwant\n%s", strings.Join(a, "\n"), strings.Join(want, "\n"))
			}
			if !s.Seat(1).AllIn || s.ToAct() != 3 {
				t.Fatalf("short stack all-in %v; to act %d, want 3", s.Seat(1).AllIn, s.ToAct())
			}
		})
	}
	t.Run("inference/protocol.log-order", func(t *testing.T) {
		s, log := table(t, 0, 0, 0, 0)
		s.seats[1].SittingOut, s.seats[1].BackInRound, s.seats[1].Strikes = true, 1, 3
		start(t, s, 5, 6, 7)
		var types []string
		for _, l := range lines(log)[1:] {
			types = append(types, l[9:strings.Index(l[9:], `"`)+9])
		}
		if got := strings.Join(types, " "); got != "round_start return deal_private deal_private deal_private ante ante ante" {
			t.Fatalf("order %s", got)
		}
	})
}

// TestFewLiveSeats: with one live seat the antes are paid and it takes the
// pot back uncontested; with none the round has pot 0 and no winner (I-INF-10).
func TestFewLiveSeats(t *testing.T) {
	t.Run("inference/round.7.uncontested/one live seat", func(t *testing.T) {
		s, log := table(t, 0, 0, 0, 0)
		for _, i := range []int{1, 2} {
			s.seats[i].SittingOut, s.seats[i].BackInRound = true, 3
		}
		start(t, s, 40, 50, 60)
		if s.Phase() != PhaseReady || s.Seat(0).Credits != 100 {
			t.Fatalf("phase %s, credits %d", s.Phase(), s.Seat(0).Credits)
		}
		if l := linesOfType(log, EventShowdown)[0]; l != `{"type":"showdown","round":1,"pot":2,"uncontested":true,"reveals":[],"winners":[0],"payouts":[{"seat":0,"amount":2}]}` {
			t.Fatalf("showdown %s", l)
		}
	})
	t.Run("inference/round.7.uncontested/no live seat", func(t *testing.T) {
		s, log := table(t, 0, 0, 0, 0)
		for i := range 3 {
			s.seats[i].SittingOut, s.seats[i].BackInRound = true, 3
		}
		start(t, s)
		if l := linesOfType(log, EventShowdown)[0]; l != `{"type":"showdown","round":1,"pot":0,"uncontested":true,"reveals":[],"winners":[],"payouts":[]}` {
			t.Fatalf("showdown %s", l)
		}
		if s.Dealer() != 0 {
			t.Fatalf("the button moved with nobody live: %d", s.Dealer())
		}
	})
}

// TestPreparedMatch: a prepared match shows round 0 (no value, no turn)
// until it starts (inference/wire.visible-state.fields).
func TestPreparedMatch(t *testing.T) {
	t.Run("inference/wire.visible-state.fields", func(t *testing.T) {
		m, err := PrepareMatch(DefaultConfig(), "m", "prep", []string{"a", "b", "c", "d", "e", "f"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		vs := m.View(0)
		if vs.Round != 0 || vs.YourValue != nil || vs.Turn != nil || vs.Dealer != FirstDealer("prep", 6) || vs.YourCredits != 100 {
			t.Fatalf("view before the start: %s", viewJSON(m.State, 0))
		}
		if err := m.Start(); err != nil {
			t.Fatal(err)
		}
		if m.Round() != 1 || m.ToAct() < 0 {
			t.Fatalf("after Start: round %d, to act %d", m.Round(), m.ToAct())
		}
		wantRule(t, m.Start(), "inference/protocol.log-order")
	})
}
