package bangarena

import (
	"encoding/json"
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

// lateGame returns a 6-seat random game one decision before its end (the
// longest of a few seeds), where a view carries the most events.
func lateGame(b *testing.B) *Game {
	b.Helper()
	var best *Game
	for i := range 8 {
		seed := "bench-late-" + strconv.Itoa(i)
		g, _ := NewGame(Config{Seats: 6}, seed)
		r := rand.New(rand.NewPCG(7, uint64(i)))
		prev := g.Clone()
		for !g.Over() {
			prev = g.Clone()
			g.PlayRandom(r)
		}
		if best == nil || prev.EventCount() > best.EventCount() {
			best = prev
		}
	}
	return best
}

// BenchmarkRequestLate builds the Decider's DecisionRequest one decision
// before the end of a long game (events/view reported); requests/s = 1e9 / ns/op.
func BenchmarkRequestLate(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	n := 0
	for b.Loop() {
		n = len(g.Request(seat, "1970-01-01T00:00:30.000Z").Observation.Events)
	}
	b.ReportMetric(float64(n), "events/view")
}

// BenchmarkRequestLateJSON is BenchmarkRequestLate plus the JSON encoding a
// server sends.
func BenchmarkRequestLateJSON(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	for b.Loop() {
		if _, err := json.Marshal(g.Request(seat, "1970-01-01T00:00:30.000Z")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRequestEverySeat6 plays whole random 6-seat games and builds
// every seat's DecisionRequest after every decision, as a server answering
// observe calls does.
func BenchmarkRequestEverySeat6(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; b.Loop(); i++ {
		g, _ := NewGame(Config{Seats: 6}, "bench-every-"+strconv.Itoa(i))
		for !g.Over() {
			for s := range 6 {
				_ = g.Request(s, "")
			}
			g.PlayRandom(r)
		}
	}
}

// BenchmarkRequestLateAppendJSON is BenchmarkRequestLateJSON encoding with
// DecisionRequest.AppendJSON.
func BenchmarkRequestLateAppendJSON(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	var buf []byte
	for b.Loop() {
		r := g.Request(seat, "1970-01-01T00:00:30.000Z")
		var err error
		if buf, err = r.AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeLog writes the JSON Lines log of a long match.
func BenchmarkEncodeLog(b *testing.B) {
	log := lateGame(b).Log()
	for b.Loop() {
		_ = EncodeLog(log)
	}
	b.ReportMetric(float64(len(log)), "events")
}

// BenchmarkReadEventsList splits the events of a late request (a long
// game's whole history) into its elements, as readEvents does: the
// bounded reader (lastElements, which keeps the last maxEvents) against
// decoding the whole list at once, the reader it replaced.
func BenchmarkReadEventsList(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	raw, err := json.Marshal(g.Request(seat, "1970-01-01T00:00:30.000Z").Observation.Events)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("last-elements", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, ok := lastElements(raw, maxEvents); !ok {
				b.Fatal("does not read")
			}
		}
	})
	b.Run("unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var list []json.RawMessage
			if err := json.Unmarshal(raw, &list); err != nil {
				b.Fatal(err)
			}
		}
	})
}
