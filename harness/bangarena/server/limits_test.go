package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRoomDeadlineBound: a deadline over MaxDeadline is refused with a
// 422 naming the bound; one at it is taken.
func TestRoomDeadlineBound(t *testing.T) {
	f := newFixture(t, Options{})
	b, _ := json.Marshal(RoomConfig{Seats: 4, Agents: []int{0}, DeadlineMs: int(time.Hour / time.Millisecond)})
	st, body := f.do("POST", "/api/ai/rooms", "", b)
	if st != http.StatusUnprocessableEntity || !strings.Contains(string(body), "max-deadline") {
		t.Errorf("an hour-long deadline: have %d %s, want 422 naming max-deadline", st, body)
	}
	f.create(RoomConfig{Seats: 4, Agents: []int{0}, DeadlineMs: int(DefaultMaxDeadline / time.Millisecond)})
}

// TestIdleRoomsExpire: rooms with long deadlines whose agents never come
// fill MaxRooms (a creation then gets a 409 naming max-rooms), are
// force-ended once IdleTimeout has passed, forgotten after KeepEnded, and
// new rooms are taken again. A room whose agent keeps asking lives on.
func TestIdleRoomsExpire(t *testing.T) {
	f := newFixture(t, Options{MaxRooms: 3, IdleTimeout: 300 * time.Millisecond, KeepEnded: 100 * time.Millisecond})
	long := RoomConfig{Seats: 4, Agents: []int{0, 1, 2, 3}, DeadlineMs: int(DefaultMaxDeadline / time.Millisecond)}
	kept := f.create(long)
	var idle []Created
	for range 2 {
		idle = append(idle, f.create(long))
	}
	b, _ := json.Marshal(long)
	if st, body := f.do("POST", "/api/ai/rooms", "", b); st != http.StatusConflict || !strings.Contains(string(body), "max-rooms") {
		t.Fatalf("fourth room: have %d %s, want 409 naming max-rooms", st, body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	stop := make(chan struct{})
	defer close(stop)
	go func() { // the agent of the kept room keeps asking
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
				f.s.Status(kept.RoomID)
			}
		}
	}()
	for _, c := range idle {
		if err := f.s.Wait(ctx, c.RoomID); err != nil && f.s.room(c.RoomID) != nil {
			t.Fatalf("idle room %s did not end: %v", c.RoomID, err)
		}
	}
	for {
		if run, ended := f.s.Count(); run == 1 && ended == 0 {
			break
		}
		if ctx.Err() != nil {
			run, ended := f.s.Count()
			t.Fatalf("have %d running, %d ended rooms; want the kept room alone", run, ended)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st, ok := f.s.Status(kept.RoomID); !ok || st.Ended {
		t.Errorf("the active room ended: %+v", st)
	}
	f.create(long)
}

// TestInProcessOptionsNoExpiry: certification's options never expire a
// room.
func TestInProcessOptionsNoExpiry(t *testing.T) {
	o := InProcessOptions(Options{})
	o.limitsWithDefaults()
	if o.IdleTimeout > 0 || o.KeepEnded > 0 || o.MaxDeadline < 24*time.Hour {
		t.Errorf("in-process options %+v bound or expire", o)
	}
	if !errors.Is(fmtTooMany(), ErrTooManyRooms) {
		t.Error("the bound's error is not ErrTooManyRooms")
	}
}

func fmtTooMany() error { return (&Server{opts: Options{MaxRooms: 2}}).tooManyRooms() }
