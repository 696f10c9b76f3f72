package server

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"
)

// TestWaitDecisionPlaysAMatch plays whole matches of one agent seat
// against scripted seats by WaitDecision alone, with no polling: every
// wait must end on a new decision of the seat or the end of the match.
func TestWaitDecisionPlaysAMatch(t *testing.T) {
	s, err := New(Options{Deadline: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	for k := range 4 {
		seat := k % 4
		c, err := s.CreateRoom(RoomConfig{Seats: 4, Seed: "wait-" + strconv.Itoa(k), Agents: []int{seat}})
		if err != nil {
			t.Fatal(err)
		}
		after, answered := -1, 0
		for {
			st, err := s.WaitDecision(ctx, c.RoomID, seat, after)
			if err != nil {
				t.Fatalf("room %d: WaitDecision: %v", k, err)
			}
			if st.Ended {
				if full, _ := s.Status(c.RoomID); !full.Ended {
					t.Fatalf("room %d: WaitDecision says ended, Status does not", k)
				}
				break
			}
			if !st.Pending || st.Version <= after {
				t.Fatalf("room %d: WaitDecision returned %+v after %d: want a pending decision above it", k, st, after)
			}
			rp := s.observe(c.RoomID, seat, c.Tokens[seat])
			q := rp.body.(Request)
			if q.ObservationVersion != st.Version || len(q.LegalActions) == 0 {
				t.Fatalf("room %d: observe shows version %d with %d items, WaitDecision %+v", k, q.ObservationVersion, len(q.LegalActions), st)
			}
			body, _ := json.Marshal(decision(seat, q.LegalActions[0].ActionID, "c-"+strconv.Itoa(answered), st.Version))
			if rp := s.decide(c.RoomID, c.Tokens[seat], body); rp.status != 200 {
				t.Fatalf("room %d: decision: have %d %+v", k, rp.status, rp.body)
			}
			after = st.Version
			answered++
		}
		if answered == 0 {
			t.Fatalf("room %d: the agent seat got no decision", k)
		}
	}
}

func TestWaitDecisionReturnsAtOnce(t *testing.T) {
	f := newFixture(t, Options{Deadline: time.Hour})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	st, err := f.s.WaitDecision(context.Background(), c.RoomID, seat, w.ObservationVersion-1)
	if err != nil || !st.Pending || st.Ended || st.Version != w.ObservationVersion {
		t.Fatalf("have %+v %v, want the pending decision at %d at once", st, err, w.ObservationVersion)
	}
	if _, err := f.s.WaitDecision(context.Background(), "r-none", 0, -1); err == nil {
		t.Fatal("no error for an unknown room")
	}
	if _, err := f.s.WaitDecision(context.Background(), c.RoomID, 9, -1); err == nil {
		t.Fatal("no error for a seat the room does not have")
	}
}

// TestWaitDecisionHonoursContext waits on a decision already handled: only
// the context ends the wait, and no goroutine is left behind.
func TestWaitDecisionHonoursContext(t *testing.T) {
	f := newFixture(t, Options{Deadline: time.Hour})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	before := goroutines()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	st, err := f.s.WaitDecision(ctx, c.RoomID, seat, w.ObservationVersion)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("have %+v %v, want the context's error", st, err)
	}
	if st.Version != w.ObservationVersion || !st.Pending {
		t.Fatalf("status at the cancelled wait: have %+v", st)
	}
	// Goroutines of the runtime or the room may come and go meanwhile: a
	// wait that left one behind keeps the count up for good.
	end := time.Now().Add(10 * time.Second)
	for goroutines() > before {
		if time.Now().After(end) {
			t.Fatalf("goroutines: %d before the wait, %d after", before, goroutines())
		}
		time.Sleep(time.Millisecond)
	}
}

// TestWaitDecisionWakesOnDeadlineAndEnd: waits on every seat past an
// unanswered decision; when the server answers for the seat at the deadline
// the next decider's wait ends with its decision, and Shutdown ends the
// others with Ended.
func TestWaitDecisionWakesOnDeadlineAndEnd(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 10, 9, 12, 0, 0, 0, time.UTC))
	f := newFixture(t, Options{Clock: clock})
	c := agentsRoom(t, f, RoomConfig{DeadlineMs: 1000})
	_, w := f.waitDecider(c)
	type result struct {
		seat int
		st   SeatStatus
		err  error
	}
	got := make(chan result, 4)
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	for seat := range 4 {
		go func() {
			st, err := f.s.WaitDecision(ctx, c.RoomID, seat, w.ObservationVersion)
			got <- result{seat, st, err}
		}()
	}
	waitFor(t, func() bool { return clock.Pending() > 0 })
	select {
	case r := <-got:
		t.Fatalf("seat %d's wait ended before the deadline: %+v %v", r.seat, r.st, r.err)
	case <-time.After(20 * time.Millisecond):
	}
	clock.Advance(time.Second)
	r := <-got
	if r.err != nil || !r.st.Pending || r.st.Ended || r.st.Version <= w.ObservationVersion {
		t.Fatalf("seat %d after the deadline: have %+v %v, want its pending decision above %d", r.seat, r.st, r.err, w.ObservationVersion)
	}
	if err := f.s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if r := <-got; r.err != nil || !r.st.Ended {
			t.Fatalf("seat %d's wait across Shutdown: have %+v %v, want Ended", r.seat, r.st, r.err)
		}
	}
}
