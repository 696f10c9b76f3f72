package server

import (
	"context"
	"testing"
	"time"
)

// TestNineSeatsFault: with the fault a table of 9 seats is created and
// played to its end; without it, it is refused naming the rule.
func TestNineSeatsFault(t *testing.T) {
	for _, on := range []bool{false, true} {
		var faults []Fault
		if on {
			faults = []Fault{FaultNineSeats}
		}
		s, err := New(Options{Faults: faults, StartTimeout: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.CreateMatch(MatchSpec{Seats: 9, Rounds: 1})
		if !on {
			if err == nil {
				t.Fatalf("without the fault a table of 9 seats is created (%s)", c.MatchID)
			}
			continue
		}
		if err != nil {
			t.Fatalf("with the fault a table of 9 seats is refused: %v", err)
		}
		if _, err := s.CreateMatch(MatchSpec{Seats: 10, Rounds: 1, Agents: []int{}}); err == nil {
			t.Error("with the fault a table of 10 seats is created too; the fault is 9 seats only")
		}
		if got := len(c.Tokens); got != 9 {
			t.Errorf("a table of 9 seats has %d seat tokens, want 9", got)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_ = s.Shutdown(ctx)
		cancel()
	}
}
