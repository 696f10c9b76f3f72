package players

import (
	"context"
	"strconv"
	"testing"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// BenchmarkSimulateHeuristic6 plays whole 6-seat matches of heuristic
// players through DecisionRequests (observation and legalActions built at
// every decision, as a server would).
func BenchmarkSimulateHeuristic6(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		seed := "bench-" + strconv.Itoa(i)
		ps := make([]Player, 6)
		for s := range ps {
			ps[s], _ = New("heuristic", seed+strconv.Itoa(s))
		}
		if _, err := Simulate(context.Background(), bangarena.Config{Seats: 6}, seed, ps, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulateHeuristic6Whole is BenchmarkSimulateHeuristic6 with
// whole requests (Game.Request and Decide, as the server's rooms ask their
// scripted seats today) instead of event deltas.
func BenchmarkSimulateHeuristic6Whole(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		seed := "bench-" + strconv.Itoa(i)
		ps := make([]Player, 6)
		for s := range ps {
			p, _ := New("heuristic", seed+strconv.Itoa(s))
			ps[s] = wholeRequests{p}
		}
		if _, err := Simulate(context.Background(), bangarena.Config{Seats: 6}, seed, ps, nil); err != nil {
			b.Fatal(err)
		}
	}
}
