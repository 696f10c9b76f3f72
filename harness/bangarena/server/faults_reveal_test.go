package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestFaultRolesHiddenAtEnd: with the fault on, a seat's observation after
// a normal end hides the role of another living seat (not the Marshal);
// off, every role is shown (bangarena/11.redaction).
func TestFaultRolesHiddenAtEnd(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultRolesHiddenAtEnd}
		}
		f := newFixture(t, opts)
		seen := false
		for i := 0; i < 8 && !seen; i++ {
			c := f.create(RoomConfig{Seats: 6, Seed: fmt.Sprintf("reveal/%d", i), Agents: []int{0}, DeadlineMs: 600000})
			playAgent(t, f, c.RoomID, 0, c.Tokens[0], uint64(i))
			st, w, body := f.observe(c.RoomID, 0, c.Tokens[0])
			if st != http.StatusOK || w.Observation.Phase != ref.PhaseEnded {
				t.Fatalf("after the end: %d %s", st, truncate(body))
			}
			hidden := 0
			for _, p := range w.Observation.Players {
				if p.Seat != 0 && p.Alive && (p.RoleID == nil || *p.RoleID != ref.RoleMarshal) {
					seen = true // a living seat whose role the end reveals
					if p.RoleID == nil {
						hidden++
					}
				}
			}
			if seen && (hidden > 0) != on {
				t.Errorf("fault on %v: %d living seats' roles hidden after the end", on, hidden)
			}
		}
		if !seen {
			t.Fatalf("fault on %v: no room ended with another living seat than the Marshal", on)
		}
	}
}

// TestFaultPackHashOther: with the fault on, observe names another pack
// in mechanicsPackHash; off, PACK_DEFAULT_V0 (bangarena/12.pack-hash).
func TestFaultPackHashOther(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultPackHashOther}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		st, body := f.do("GET", "/api/ai/rooms/"+c.RoomID+"/observe?seat=0", c.Tokens[0], nil)
		if st != http.StatusOK {
			t.Fatalf("observe: %d %s", st, truncate(body))
		}
		if other := !strings.Contains(string(body), `"mechanicsPackHash":"PACK_DEFAULT_V0"`); other != on {
			t.Errorf("fault on %v: %s", on, truncate(body))
		}
	}
}

// TestFaultBasedOnIgnored: with the fault on, a decision on the current
// version carried as basedOnVersion alone is refused as malformed (422);
// off, it is applied (bangarena/server.based-on-version).
func TestFaultBasedOnIgnored(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultBasedOnIgnored}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, w := f.waitDecider(c)
		body := map[string]any{"seat": seat, "actionId": w.LegalActions[0].ActionID, "commandId": "c-based", "basedOnVersion": w.ObservationVersion}
		st, _, raw := f.post(c.RoomID, c.Tokens[seat], body)
		if refused := st == http.StatusUnprocessableEntity; refused != on || (!on && st != http.StatusOK) {
			t.Errorf("fault on %v: HTTP %d %s", on, st, truncate(raw))
		}
	}
}

// TestFaultVersionMismatch: with the fault on, observation.version is not
// observationVersion; off, they are one number (bangarena/11.version).
func TestFaultVersionMismatch(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultVersionMismatch}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		st, w, raw := f.observe(c.RoomID, 0, c.Tokens[0])
		if st != http.StatusOK {
			t.Fatalf("observe: %d %s", st, truncate(raw))
		}
		if differ := w.Observation.Version != w.ObservationVersion; differ != on {
			t.Errorf("fault on %v: version %d, observationVersion %d", on, w.Observation.Version, w.ObservationVersion)
		}
	}
}

// TestFaultDeadlineNullPending: with the fault on, the decider's request
// names no deadline; off, it does (bangarena/12.deadline-at).
func TestFaultDeadlineNullPending(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultDeadlineNullPending}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		_, w := f.waitDecider(c)
		if null := w.DeadlineAt == nil; null != on {
			t.Errorf("fault on %v: deadlineAt %v", on, w.DeadlineAt)
		}
	}
}

// TestFaultRelayMessage: with the fault on, a decision's message is shown
// to another seat; off, never (bangarena/1.no-free-text).
func TestFaultRelayMessage(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultRelayMessage}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, w := f.waitDecider(c)
		body := map[string]any{"seat": seat, "actionId": w.LegalActions[0].ActionID, "commandId": "c-talk", "observationVersion": w.ObservationVersion, "message": "psst-marker"}
		if st, _, raw := f.post(c.RoomID, c.Tokens[seat], body); st != http.StatusOK {
			t.Fatalf("decision: %d %s", st, truncate(raw))
		}
		other := (seat + 1) % 4
		_, _, raw := f.observe(c.RoomID, other, c.Tokens[other])
		if shown := strings.Contains(string(raw), "psst-marker"); shown != on {
			t.Errorf("fault on %v: the message shown to seat %d: %v", on, other, shown)
		}
	}
}
