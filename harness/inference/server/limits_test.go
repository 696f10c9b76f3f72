package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// postSpec posts a raw match request and returns the status and body.
func postSpec(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url+"/api/inference/matches", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestCreationOutOfBounds: a request beyond a bound is refused with a 400
// naming the bound, before any match exists; one at the bound is taken.
func TestCreationOutOfBounds(t *testing.T) {
	s, ts := testServer(t, Options{})
	for _, c := range []struct{ name, body, bound string }{
		{"rounds", `{"rounds":1000000000,"agents":[]}`, "max-rounds"},
		{"deadline", `{"deadline_ms":3600000,"agents":[0]}`, "max-deadline"},
		{"deadline overflow", `{"deadline_ms":9223372036854775807,"agents":[0]}`, "max-deadline"},
		{"credits", `{"starting_credits":2000000000,"agents":[0]}`, "max-credits"},
		{"ante", `{"ante":2000000000,"agents":[0]}`, "max-ante"},
		{"ramp", `{"ante_ramp":{"from_round":1,"every_rounds":1,"step":2000000000},"agents":[0]}`, "max-ante"},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, body := postSpec(t, ts.URL, c.body)
			if status != http.StatusBadRequest || !strings.Contains(body, c.bound) || !strings.Contains(body, `"over_limit"`) {
				t.Errorf("have %d %s, want 400 over_limit naming %s", status, body, c.bound)
			}
		})
	}
	if run, fin := s.Count(); run+fin != 0 {
		t.Errorf("%d running and %d finished matches after refusals, want none", run, fin)
	}
	status, body := postSpec(t, ts.URL, `{"rounds":1000,"deadline_ms":600000,"agents":[0]}`)
	if status != http.StatusCreated {
		t.Errorf("at the bounds: have %d %s, want 201", status, body)
	}
}

// TestTooManyMatches: past MaxMatches running matches a creation gets a
// 503 naming the bound, and one is taken again once a match is over.
func TestTooManyMatches(t *testing.T) {
	s, ts := testServer(t, Options{Limits: Limits{MaxMatches: 2}})
	create(t, ts, MatchSpec{Agents: []int{0}})
	// A match without agent seats is over at once, and then not running.
	done := create(t, ts, MatchSpec{Agents: []int{}, Rounds: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, done.MatchID); err != nil {
		t.Fatal(err)
	}
	create(t, ts, MatchSpec{Agents: []int{0}})
	status, body := postSpec(t, ts.URL, `{"agents":[0]}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "max-matches") || !strings.Contains(body, "too_many_matches") {
		t.Fatalf("third running match: have %d %s, want 503 naming max-matches", status, body)
	}
}

// TestIdleMatchExpires: a match whose agents never come ends once
// IdleTimeout has passed, and is forgotten (its memory freed) once
// KeepFinished has; an active match does not expire.
func TestIdleMatchExpires(t *testing.T) {
	s, ts := testServer(t, Options{StartTimeout: -1, Limits: Limits{IdleTimeout: 150 * time.Millisecond, KeepFinished: 150 * time.Millisecond}})
	idle := create(t, ts, MatchSpec{Agents: []int{0}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := s.Wait(ctx, idle.MatchID)
	if !errors.Is(err, ErrExpired) || !strings.Contains(err.Error(), "idle-timeout") {
		t.Fatalf("Wait = %v, want the match expired naming idle-timeout", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for s.lookup(idle.MatchID) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the expired match is still held after KeepFinished")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if run, fin := s.Count(); run+fin != 0 {
		t.Errorf("have %d running, %d finished, want none", run, fin)
	}
}

// TestFinishedMatchesBounded: no more than MaxFinished finished matches are
// kept; the oldest go first.
func TestFinishedMatchesBounded(t *testing.T) {
	s, ts := testServer(t, Options{Limits: Limits{MaxFinished: 3, KeepFinished: -1}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var ids []string
	for range 6 {
		id := create(t, ts, MatchSpec{Agents: []int{}, Rounds: 1}).MatchID
		if _, err := s.Wait(ctx, id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		s.mu.Lock()
		s.sweepLocked(s.clock.Now())
		s.mu.Unlock()
		time.Sleep(2 * time.Millisecond)
	}
	if _, fin := s.Count(); fin != 3 {
		t.Errorf("have %d finished matches, want 3", fin)
	}
	if s.lookup(ids[0]) != nil || s.lookup(ids[5]) == nil {
		t.Errorf("kept the oldest or dropped the newest")
	}
}

// TestCreationFloodMemoryBounded: a flood of creations whose agents never
// come holds at most MaxMatches matches, and their memory goes once they
// expire.
func TestCreationFloodMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	s, ts := testServer(t, Options{StartTimeout: -1, Limits: Limits{MaxMatches: 16, IdleTimeout: 200 * time.Millisecond, KeepFinished: 100 * time.Millisecond}})
	body, _ := json.Marshal(MatchSpec{Agents: []int{0}, Rounds: 1000})
	refused, most := 0, 0
	for range 200 {
		resp, err := http.Post(ts.URL+"/api/inference/matches", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			refused++
		}
		run, _ := s.Count()
		most = max(most, run)
	}
	if most > 16 || refused == 0 {
		t.Errorf("up to %d running, %d of 200 refused; want at most 16 running and refusals", most, refused)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		run, fin := s.Count()
		if run+fin == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("still %d running, %d finished after expiry", run, fin)
		}
		time.Sleep(20 * time.Millisecond)
	}
	runtime.GC()
}

// TestLimitsDefaults pins the defaults against the rules' own: a default
// match fits every bound.
func TestLimitsDefaults(t *testing.T) {
	l := Limits{}.withDefaults()
	cfg := ref.DefaultConfig()
	if cfg.Rounds > l.MaxRounds || cfg.TurnDeadlineMS > int(l.MaxDeadline/time.Millisecond) || cfg.StartingCredits > l.MaxStartingCredits || cfg.Ante > l.MaxAnte {
		t.Errorf("defaults %+v refuse the rules' default match %+v", l, cfg)
	}
	if err := l.check(MatchSpec{}); err != nil {
		t.Error(err)
	}
}

// TestSilentWebSocketClosed: an agent that says hello and then nothing is
// cut off once IdleTimeout has passed (its match expires with it).
func TestSilentWebSocketClosed(t *testing.T) {
	s, ts := testServer(t, Options{Limits: Limits{IdleTimeout: 300 * time.Millisecond}})
	c := create(t, ts, MatchSpec{Agents: []int{0}, DeadlineMS: 60000})
	cl := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	start := time.Now()
	for {
		if _, err := cl.next(); err != nil {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the silent connection is still open after 10s")
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("closed after %v, want about 300ms", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); !errors.Is(err, ErrExpired) {
		t.Errorf("Wait = %v, want expired", err)
	}
}
