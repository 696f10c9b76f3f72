package inference

import (
	"strings"
	"testing"
)

// TestTimeoutDefault: check when nothing is owed, fold otherwise; the
// timeout line comes before the server's action (inference/timeouts.default-action,
// inference/timeouts.logged).
func TestTimeoutDefault(t *testing.T) {
	for _, id := range []string{"inference/timeouts.default-action", "inference/timeouts.logged"} {
		t.Run(id, func(t *testing.T) {
			s, log := table(t, 2, 0, 0, 0)
			start(t, s, 1, 2, 3)
			if err := s.Timeout(); err != nil {
				t.Fatal(err)
			}
			act(t, s, 1, ActionRaise, 3)
			if err := s.Timeout(); err != nil { // seat 2 owes 3: fold
				t.Fatal(err)
			}
			want := []string{
				`{"type":"timeout","round":1,"turn":0,"seat":0,"strikes":1}`,
				`{"type":"action","round":1,"turn":0,"seat":0,"action":"call","amount":0,"timeout":true}`,
				`{"type":"action","round":1,"turn":1,"seat":1,"action":"raise","amount":3}`,
				`{"type":"timeout","round":1,"turn":2,"seat":2,"strikes":1}`,
				`{"type":"action","round":1,"turn":2,"seat":2,"action":"fold","timeout":true}`,
			}
			l := lines(log)
			if got := strings.Join(l[len(l)-len(want):], "\n"); got != strings.Join(want, "\n") {
				t.Fatalf("have\n%s\nwant\n%s", got, strings.Join(want, "\n"))
			}
			if TimeoutMove(0).Action != ActionCall || TimeoutMove(4).Action != ActionFold {
				t.Fatal("TimeoutMove")
			}
		})
	}
}

// timeoutSeat plays rounds on a 3-seat table where seat 0 always times out
// and the others check, until round last; it returns the log.
func timeoutSeat(t *testing.T, s *State, last int, own map[int]bool) {
	t.Helper()
	for s.Round() < last {
		start(t, s, 10, 20, 30)
		for s.Phase() == PhaseBetting {
			if s.ToAct() == 0 && !own[s.Round()] {
				if err := s.Timeout(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			act(t, s, s.ToAct(), ActionCall, 0)
		}
	}
}

// TestSitOut: three timeouts in a row sit the seat out for the next five
// rounds (no deal, no ante), back_in_round says when it returns, and the
// return keeps the last strike (inference/timeouts.strikes,
// inference/protocol.strikes-count, inference/timeouts.sit-out,
// inference/timeouts.back-in-round, inference/timeouts.last-strike,
// inference/wire.visible-state.sitting-out).
func TestSitOut(t *testing.T) {
	s, log := table(t, 2, 0, 0, 0)
	timeoutSeat(t, s, 3, nil)
	to := linesOfType(log, EventTimeout)
	t.Run("inference/timeouts.strikes", func(t *testing.T) {
		for i, want := range []string{`"strikes":1}`, `"strikes":2}`, `"strikes":3,"sit_out":true,"back_in_round":9}`} {
			if !strings.HasSuffix(to[i], want) {
				t.Fatalf("timeout %d: %s, want …%s", i+1, to[i], want)
			}
		}
	})
	t.Run("inference/timeouts.sit-out", func(t *testing.T) {
		before := s.Seat(0).Credits
		timeoutSeat(t, s, 8, nil)
		for _, l := range linesOfType(log, EventRoundStart)[3:8] {
			if !strings.HasSuffix(l, `"dealt_in":[1,2]}`) {
				t.Fatalf("sitting-out seat dealt in: %s", l)
			}
		}
		if s.Seat(0).Credits != before {
			t.Fatalf("sitting-out seat paid antes: %d -> %d", before, s.Seat(0).Credits)
		}
	})
	t.Run("inference/wire.visible-state.sitting-out", func(t *testing.T) {
		p := s.View(1).Players[0]
		if !p.SittingOut || p.BackInRound != 9 || p.InRound {
			t.Fatalf("view of the sitting-out seat: %+v", p)
		}
		if j := viewJSON(s, 1); !strings.Contains(j, `"sitting_out":true,"back_in_round":9`) {
			t.Fatalf("view JSON lacks back_in_round: %s", j)
		}
	})
	t.Run("inference/timeouts.back-in-round", func(t *testing.T) {
		start(t, s, 10, 20, 30) // round 9
		rs := linesOfType(log, EventRoundStart)
		if !strings.HasSuffix(rs[8], `"dealt_in":[0,1,2]}`) || !strings.Contains(string(log.Buf), `{"type":"return","round":9,"seat":0}`) {
			t.Fatalf("seat 0 not back in round 9: %s", rs[8])
		}
		if s.Seat(0).Strikes != 3 {
			t.Fatalf("strikes after return %d, want 3 (kept)", s.Seat(0).Strikes)
		}
	})
	for _, id := range []string{"inference/timeouts.last-strike", "inference/protocol.strikes-count"} {
		t.Run(id, func(t *testing.T) {
			s, log := table(t, 2, 0, 0, 0)
			timeoutSeat(t, s, 9, nil) // strikes 3 in round 3, back in 9, 4th timeout in 9
			to := linesOfType(log, EventTimeout)
			if len(to) != 4 || !strings.HasPrefix(to[3], `{"type":"timeout","round":9,`) || !strings.HasSuffix(to[3], `"seat":0,"strikes":4,"sit_out":true,"back_in_round":15}`) {
				t.Fatalf("timeouts:\n%s", strings.Join(to, "\n"))
			}
		})
	}
}

// TestOwnMoveClearsStrikes (inference/timeouts.clear-on-move).
func TestOwnMoveClearsStrikes(t *testing.T) {
	t.Run("inference/timeouts.clear-on-move", func(t *testing.T) {
		s, log := table(t, 2, 0, 0, 0)
		timeoutSeat(t, s, 4, map[int]bool{3: true}) // timeouts in 1, 2; own move in 3; timeout in 4
		to := linesOfType(log, EventTimeout)
		if len(to) != 3 || !strings.HasSuffix(to[2], `"strikes":1}`) {
			t.Fatalf("timeouts:\n%s", strings.Join(to, "\n"))
		}
		if s.Seat(0).SittingOut {
			t.Fatal("seat sits out although its own move cleared the strikes")
		}
	})
}
