package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// FuzzDecisionBody posts arbitrary bodies as a decision: never a 5xx, and
// nothing applied unless the answer is 200.
func FuzzDecisionBody(f *testing.F) {
	for _, s := range []string{
		``, `{`, `null`, `[]`, `{"seat":0}`,
		`{"seat":0,"actionId":"end_play","commandId":"c","observationVersion":1}`,
		`{"seat":1,"actionId":"discard","commandId":"c","basedOnVersion":1,"args":{"cardUids":["shot_01"]}}`,
		`{"seat":0,"actionId":"x","commandId":"c","observationVersion":1,"args":[]}`,
		`{"seat":-1,"actionId":"x","commandId":"c","observationVersion":1e9}`,
	} {
		f.Add([]byte(s))
	}
	s, err := New(Options{MaxDeadline: time.Hour, IdleTimeout: -1})
	if err != nil {
		f.Fatal(err)
	}
	c, err := s.CreateRoom(RoomConfig{Seats: 4, Agents: []int{0, 1, 2, 3}, Seed: "fuzz", DeadlineMs: 3600000})
	if err != nil {
		f.Fatal(err)
	}
	r := s.room(c.RoomID)
	f.Fuzz(func(t *testing.T, body []byte) {
		var probe struct {
			Seat int `json:"seat"`
		}
		_ = json.Unmarshal(body, &probe)
		tok := c.Tokens[probe.Seat]
		r.mu.Lock()
		before := r.g.Version()
		r.mu.Unlock()
		rp := s.decide(c.RoomID, tok, body)
		if rp.status >= 500 {
			t.Fatalf("body %q: status %d", body, rp.status)
		}
		if _, err := json.Marshal(rp.body); err != nil {
			t.Fatalf("body %q: answer cannot be encoded: %v", body, err)
		}
		r.mu.Lock()
		after := r.g.Version()
		r.mu.Unlock()
		if rp.status != http.StatusOK && after != before {
			t.Fatalf("body %q: status %d but the version moved %d → %d", body, rp.status, before, after)
		}
	})
}

// FuzzRoomConfig creates rooms from arbitrary bodies: a bad config is 422,
// never a 5xx or a panic.
func FuzzRoomConfig(f *testing.F) {
	for _, s := range []string{`{"seats":4}`, `{"seats":8,"agents":[0,7],"roleMode":"impostor"}`, `{"seats":3}`,
		`{"seats":5,"agents":[9]}`, `{"seats":6,"adversaries":["x"]}`, `{"seats":4,"policy":"skip","seatPolicies":{"1":"random"},"agents":[1]}`} {
		f.Add([]byte(s))
	}
	s, err := New(Options{MaxRooms: 64})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var cfg RoomConfig
		if json.Unmarshal(body, &cfg) != nil {
			return
		}
		cfg.DeadlineMs = 1
		rp := s.create(cfg)
		if rp.status >= 500 {
			t.Fatalf("config %s: status %d", body, rp.status)
		}
	})
}
