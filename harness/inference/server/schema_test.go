package server

import (
	"bytes"
	"sync"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/schemas"
)

// TestFramesMatchTheSchemas: every message two agents receive in a match
// (welcome, your_turn, event, error, match_end) and every line of its log
// validate against umpire's JSON Schemas for Inference.
func TestFramesMatchTheSchemas(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 5, Rounds: 25, DeadlineMS: 10000, Seed: strp("schemas"), Agents: []int{0, 2},
		Adversaries: []string{"heuristic", "aggressive", "random"}})
	clients := []*client{dial(t, ts, c.MatchID, 0, c.Tokens["0"]), dial(t, ts, c.MatchID, 2, c.Tokens["2"])}
	// One junk line per client, for an error message to check.
	for _, cl := range clients {
		cl.sendRaw([]byte(`{"type":"move"}`))
	}
	var wg sync.WaitGroup
	for _, cl := range clients {
		wg.Go(func() {
			if err := cl.play(callPolicy(c.MatchID)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	kinds := map[string]int{}
	for _, cl := range clients {
		for _, f := range cl.frames {
			kind, vs := set.ValidateAuto(harness.GameInference, f.raw)
			if len(vs) > 0 {
				t.Fatalf("seat %d: %s message does not validate: %v\n%s", cl.seat, kind, schemas.Err(vs), f.raw)
			}
			kinds[kind]++
		}
	}
	for _, k := range []string{"welcome", "your_turn", "event", "error", "match_end"} {
		if kinds[k] == 0 {
			t.Fatalf("no %s message validated (kinds %v)", k, kinds)
		}
	}
	log := fetchLog(t, ts, c.MatchID)
	for i, line := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) {
		if vs := set.Validate(harness.GameInference, "log_line", line); len(vs) > 0 {
			t.Fatalf("log line %d does not validate: %v\n%s", i+1, schemas.Err(vs), line)
		}
	}
}
