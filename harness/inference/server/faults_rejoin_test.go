package server

import (
	"context"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// rejoinRun plays a match of three seats: seat 0 stays silent until its
// third timeout sits it out, then reconnects (a new connection and a
// hello) while seat 1, an agent too, holds its next turn until it has;
// it returns the round of the sit-out, the announced back_in_round and
// the first round after it that deals seat 0 in again.
func rejoinRun(t *testing.T, faults []Fault) (third, announced, back int) {
	t.Helper()
	s, ts := testServer(t, Options{Faults: faults})
	seed := "rejoin"
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 12, DeadlineMS: 200, Seed: &seed, Agents: []int{0, 1}, Adversaries: []string{"passive"}})
	rejoined := make(chan struct{})
	cl1 := dial(t, ts, c.MatchID, 1, c.Tokens["1"])
	done := make(chan error, 1)
	go func() {
		call := callPolicy(c.MatchID)
		done <- cl1.play(func(f frame) *MoveMsg {
			if vs := f.env.VisibleState; vs != nil && len(vs.Players) > 0 && vs.Players[0].SittingOut {
				select {
				case <-rejoined:
				case <-time.After(150 * time.Millisecond):
				}
			}
			return call(f)
		})
	}()
	cl0 := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	cl0.until(func(f frame) bool {
		if f.env.Type != TypeEvent {
			return false
		}
		e, err := ref.ParseEvent(f.env.Event)
		return err == nil && e.Type == ref.EventTimeout && e.Seat == 0 && e.SitOut
	})
	_ = cl0.c.CloseNow()
	cl0 = dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	cl0.until(isType(TypeWelcome))
	close(rejoined)
	if err := cl0.play(nil); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	for _, e := range parseLog(t, fetchLog(t, ts, c.MatchID)) {
		switch {
		case e.Type == ref.EventTimeout && e.Seat == 0 && e.SitOut && third == 0:
			third, announced = e.Round, e.BackInRound
		case e.Type == ref.EventRoundStart && third > 0 && e.Round > third && back == 0:
			for _, s := range e.DealtIn {
				if s == 0 {
					back = e.Round
				}
			}
		}
	}
	return third, announced, back
}

// TestFaultReconnectEndsSitOut: with the fault on, the seat that
// reconnected during its sit-out is dealt in again before its
// back_in_round; off, at it (inference/timeouts.reconnect).
func TestFaultReconnectEndsSitOut(t *testing.T) {
	for _, on := range []bool{false, true} {
		var faults []Fault
		if on {
			faults = []Fault{FaultReconnectEndsSitOut}
		}
		third, announced, back := rejoinRun(t, faults)
		if third == 0 || back == 0 {
			t.Fatalf("fault on %v: sat out in round %d, back in round %d", on, third, back)
		}
		if early := back < announced; early != on {
			t.Errorf("fault on %v: sat out in round %d until %d, dealt in again in round %d", on, third, announced, back)
		}
	}
}
