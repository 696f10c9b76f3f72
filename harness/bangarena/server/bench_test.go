package server

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// BenchmarkRESTDecisions measures decisions per second of one agent seat
// over loopback REST (observe + decision per answer), the other five seats
// scripted; a new room starts whenever one ends.
func BenchmarkRESTDecisions(b *testing.B) {
	f := newFixture(b, Options{})
	made, rooms := 0, 0
	b.ResetTimer()
	start := time.Now()
	for made < b.N {
		rooms++
		c := f.create(RoomConfig{Seats: 6, Agents: []int{0}, Seed: "bench-" + strconv.Itoa(rooms), DeadlineMs: 60000})
		tok := c.Tokens[0]
		for made < b.N {
			st, w, body := f.observe(c.RoomID, 0, tok)
			if st != http.StatusOK {
				b.Fatalf("observe: %d %s", st, body)
			}
			if w.Observation.Phase == "ended" {
				break
			}
			if len(w.LegalActions) == 0 {
				time.Sleep(100 * time.Microsecond) // poll like a client, not in a busy loop
				continue
			}
			a := w.LegalActions[made%len(w.LegalActions)]
			made++
			if st, _, body := f.post(c.RoomID, tok, decision(0, a.ActionID, cmdID(0, made), w.ObservationVersion)); st != http.StatusOK {
				b.Fatalf("decision: %d %s", st, body)
			}
		}
	}
	b.ReportMetric(float64(made)/time.Since(start).Seconds(), "decisions/s")
	b.ReportMetric(float64(rooms), "rooms")
}

// BenchmarkRoomsAllAdversaries measures whole rooms per second with every
// seat scripted (6 seats), one room at a time.
func BenchmarkRoomsAllAdversaries(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		c, err := s.CreateRoom(RoomConfig{Seats: 6, Seed: "rooms-" + strconv.Itoa(i)})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Wait(ctx, c.RoomID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rooms/s")
}

// BenchmarkRoomsAllAdversariesParallel runs 50 rooms at a time.
func BenchmarkRoomsAllAdversariesParallel(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i += 50 {
		var ids []string
		for j := i; j < i+50 && j < b.N; j++ {
			c, err := s.CreateRoom(RoomConfig{Seats: 6, Seed: "par-" + strconv.Itoa(j)})
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, c.RoomID)
		}
		for _, id := range ids {
			if err := s.Wait(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rooms/s")
}
