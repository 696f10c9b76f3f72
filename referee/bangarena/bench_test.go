package bangarena

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkSelfPlay6 plays whole random 6-seat classic games through
// PlayRandom; games/s = 1e9 / ns/op.
func BenchmarkSelfPlay6(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	decisions := 0
	for i := 0; b.Loop(); i++ {
		g, _ := NewGame(Config{Seats: 6}, "bench-"+strconv.Itoa(i))
		for !g.Over() {
			g.PlayRandom(r)
		}
		decisions += g.Decisions()
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkLegal times one Legal call with its actionIds and argsSchema.
func BenchmarkLegal(b *testing.B) {
	g, _ := NewGame(Config{Seats: 6}, "bench-legal")
	seat, _ := g.Decider()
	for b.Loop() {
		_ = g.Legal(seat)
	}
}
