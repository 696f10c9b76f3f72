package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestFaultTimeoutEarly: with the fault on, a silent seat is answered for
// halfway to its deadline; off, not before it (bangarena/14.not-before-deadline).
func TestFaultTimeoutEarly(t *testing.T) {
	for _, on := range []bool{false, true} {
		clock := NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		opts := Options{Clock: clock}
		if on {
			opts.Faults = []Fault{FaultTimeoutEarly}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{DeadlineMs: 1000})
		_, w := f.waitDecider(c)
		waitFor(t, func() bool { return clock.Pending() > 0 })
		clock.Advance(600 * time.Millisecond)
		answered := false
		end := time.Now().Add(200 * time.Millisecond)
		for time.Now().Before(end) && !answered {
			answered = f.status(c.RoomID).Version > w.ObservationVersion
			time.Sleep(time.Millisecond)
		}
		if answered != on {
			t.Fatalf("fault %v: answered at 600 ms of a 1 s deadline = %v", on, answered)
		}
	}
}

// TestFaultTimeoutNotDefault: with the fault on, the server's answer for a
// silent seat is an item of another command than the engine's default;
// off, the default (bangarena/14.default-action).
func TestFaultTimeoutNotDefault(t *testing.T) {
	for _, on := range []bool{false, true} {
		clock := NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		opts := Options{Clock: clock}
		if on {
			opts.Faults = []Fault{FaultTimeoutNotDefault}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{DeadlineMs: 1000})
		differs := false
		for i := 0; i < 6 && !differs; i++ {
			seat, w := f.waitDecider(c)
			r := f.s.room(c.RoomID)
			r.mu.Lock()
			def, _ := r.g.DefaultAction(seat)
			other := false
			for _, it := range r.g.Legal(seat) {
				other = other || it.Command != def.Command
			}
			n := len(r.g.Log())
			r.mu.Unlock()
			waitFor(t, func() bool { return clock.Pending() > 0 })
			clock.Advance(time.Second)
			waitFor(t, func() bool { return f.status(c.RoomID).Version > w.ObservationVersion })
			r.mu.Lock()
			var applied string
			for _, e := range r.g.Log()[n:] {
				if e.Type == "decision" && applied == "" {
					applied = e.ActionID
				}
			}
			r.mu.Unlock()
			if !other {
				continue
			}
			if (applied != def.ActionID) != on {
				t.Fatalf("fault %v: the server answered %q for seat %d, the default is %q", on, applied, seat, def.ActionID)
			}
			differs = true
		}
		if !differs {
			t.Fatalf("fault %v: no decision offered another command than the default", on)
		}
	}
}

// TestFaultNoLegalMask: with the fault on, observe's answer has no
// legal_mask key, with a decision pending or not; off, it has one
// (bangarena/12.legal-mask-present).
func TestFaultNoLegalMask(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultNoLegalMask}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, _ := f.waitDecider(c)
		for _, s := range []int{seat, (seat + 1) % len(c.Tokens)} {
			st, body := f.do("GET", "/api/ai/rooms/"+c.RoomID+"/observe?seat="+strconv.Itoa(s), c.Tokens[s], nil)
			var m map[string]json.RawMessage
			if st != http.StatusOK || json.Unmarshal(body, &m) != nil {
				t.Fatalf("fault on %v: observe %d: %s", on, st, truncate(body))
			}
			if _, has := m["legal_mask"]; has == on {
				t.Fatalf("fault on %v: seat %d's answer has legal_mask = %v", on, s, has)
			}
		}
	}
}

// TestFaultChecksPrivate: with the fault on, a seat's observation lacks
// the check events of other seats' checks that the log holds; off, it has
// every one (bangarena/11.events).
func TestFaultChecksPrivate(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultChecksPrivate}
		}
		f := newFixture(t, opts)
		missing, checks := 0, 0
		for i := 0; i < 6 && checks == 0; i++ {
			c := f.create(RoomConfig{Seats: 6, Seed: "checks/" + strconv.Itoa(i), Agents: []int{0}, DeadlineMs: 600000})
			playAgent(t, f, c.RoomID, 0, c.Tokens[0], uint64(i))
			_, w, _ := f.observe(c.RoomID, 0, c.Tokens[0])
			shown := map[int]bool{}
			for _, e := range w.Observation.Events {
				shown[e.Seq] = true
			}
			r := f.s.room(c.RoomID)
			r.mu.Lock()
			for _, e := range r.g.Log() {
				if (e.Type == "check" || e.Type == "cover_check") && e.Seat != 0 {
					checks++
					if !shown[e.Seq] {
						missing++
					}
				}
			}
			r.mu.Unlock()
		}
		if checks == 0 {
			t.Fatalf("fault on %v: no room checked another seat than 0", on)
		}
		if (missing > 0) != on {
			t.Fatalf("fault on %v: %d of %d checks of other seats missing from seat 0's events", on, missing, checks)
		}
	}
}

// TestFaultLeakRoleEvents: with the fault on, a seat's observation holds
// the other seats' role and briefing events, unaddressed; off, none of
// them (bangarena/11.events).
func TestFaultLeakRoleEvents(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultLeakRoleEvents}
		}
		f := newFixture(t, opts)
		c := f.create(RoomConfig{Seats: 6, RoleMode: "impostor", Seed: "roles", Agents: []int{0}, DeadlineMs: 600000})
		_, w, _ := f.observe(c.RoomID, 0, c.Tokens[0])
		others := map[string]int{}
		for _, e := range w.Observation.Events {
			switch e.Type {
			case "role", "marshal_briefing", "team_briefing":
				if e.Seat != 0 {
					others[e.Type]++
					if e.To >= 0 {
						t.Errorf("fault on %v: a %s event of seat %d is addressed to %d", on, e.Type, e.Seat, e.To)
					}
				}
			}
		}
		if leaked := others["role"] > 0 && others["team_briefing"] > 0; leaked != on {
			t.Fatalf("fault on %v: seat 0 is shown the others' events %v", on, others)
		}
	}
}

// TestFaultLeakDeck: with the fault on, a request names the deck's top
// three cards in deckTop, and the next draw takes the first of them; off,
// it has no deckTop (bangarena/11.deck-hidden).
func TestFaultLeakDeck(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultLeakDeck}
		}
		f := newFixture(t, opts)
		c := f.create(RoomConfig{Seats: 4, Seed: "deck", Agents: []int{0, 1, 2, 3}, DeadlineMs: 600000})
		_, _, body := f.observe(c.RoomID, 0, c.Tokens[0])
		var q struct {
			DeckTop []ref.Card `json:"deckTop"`
		}
		if err := json.Unmarshal(body, &q); err != nil {
			t.Fatal(err)
		}
		if (len(q.DeckTop) == 3) != on || !on && q.DeckTop != nil {
			t.Fatalf("fault on %v: deckTop %v", on, q.DeckTop)
		}
		if !on {
			continue
		}
		r := f.s.room(c.RoomID)
		r.mu.Lock()
		top := r.g.DeckTop(1)
		r.mu.Unlock()
		if len(top) != 1 || top[0].UID != q.DeckTop[0].UID {
			t.Fatalf("deckTop %v, the deck's top %v", q.DeckTop, top)
		}
	}
}
