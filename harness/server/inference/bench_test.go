package inference

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// BenchmarkMatchesAllAdversaries: whole 6-seat, 40-round matches with only
// scripted seats, created and run by the server; reports matches/s.
func BenchmarkMatchesAllAdversaries(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	spec := MatchSpec{Agents: []int{}, Adversaries: []string{"random", "passive", "aggressive", "heuristic"}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := fmt.Sprint("bench-", i)
		spec.Seed = &seed
		c, err := s.CreateMatch(spec)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
			b.Fatal(err)
		}
		s.Forget(c.MatchID)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "matches/s")
}

// BenchmarkMatchesAllAdversariesParallel: the same with matches running
// at once on every CPU.
func BenchmarkMatchesAllAdversariesParallel(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	var n atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			seed := fmt.Sprint("bench-p-", n.Add(1))
			c, err := s.CreateMatch(MatchSpec{Seed: &seed, Agents: []int{}, Adversaries: []string{"random", "heuristic"}})
			if err != nil {
				b.Error(err)
				return
			}
			if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
				b.Error(err)
				return
			}
			s.Forget(c.MatchID)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "matches/s")
}

// BenchmarkMovesLoopback: two WebSocket clients over loopback play seats 0
// and 1 of a 3-seat match against one scripted seat; reports the clients'
// moves per second (each move is a your_turn out and a move back).
func BenchmarkMovesLoopback(b *testing.B) {
	_, ts := testServer(b, Options{})
	var moves atomic.Int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := create(b, ts, MatchSpec{Seats: 3, Rounds: 20, DeadlineMS: 30000, Seed: strp(fmt.Sprint("loop-", i)), Agents: []int{0, 1}, Adversaries: []string{"passive"}})
		var wg sync.WaitGroup
		for seat := range 2 {
			cl := dial(b, ts, c.MatchID, seat, c.Tokens[fmt.Sprint(seat)])
			policy := callPolicy(c.MatchID)
			wg.Go(func() {
				if err := cl.play(func(f frame) *MoveMsg { moves.Add(1); return policy(f) }); err != nil {
					b.Error(err)
				}
				_ = cl.c.CloseNow()
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(moves.Load())/b.Elapsed().Seconds(), "moves/s")
}
