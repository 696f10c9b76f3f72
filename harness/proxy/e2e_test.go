package proxy_test

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/reports"
)

// TestConformingThroughRelay: the example agents play through the relay
// against the embedded servers; the relay judges both sides conforming.
func TestConformingThroughRelay(t *testing.T) {
	for _, game := range []string{harness.GameInference, harness.GameBangArena} {
		t.Run(game, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t, game)
			seats := 3
			if game == harness.GameBangArena {
				seats = 4
			}
			c := r.create("proxy-ok", seats, []int{0, 1}, 3000)
			r.play(ctx, r.front.URL, c)
			rep := r.report(ctx, 1)
			dump(t, rep)
			if code := rep.ExitCode(); code != 0 {
				t.Fatalf("exit code %d, findings %v", code, failing(rep))
			}
		})
	}
}

// TestServerFaultsThroughRelay: with a fault of the embedded server on,
// the relay reports that fault's rule, and nothing the fault does not
// explain.
func TestServerFaultsThroughRelay(t *testing.T) {
	cases := []struct {
		game, fault, rule string
		also              []string
	}{
		{harness.GameInference, "leak-value", "inference/visibility.no-peek", nil},
		// deadline_ms is the rules document's own ("deadline_ms in each your_turn").
		{harness.GameInference, "drop-deadline-ms", "inference/timeouts.deadline", []string{"inference/agent.answer-in-time"}},
		{harness.GameInference, "wrong-seed-commit", "inference/protocol.seed-commit", nil},
		{harness.GameInference, "skip-deal-private", "inference/wire.events.objects", nil},
		{harness.GameInference, "reveal-uncontested", "inference/round.7.uncontested", nil},
		// The call item is right: the round's events charge the to_call.
		{harness.GameInference, "to-call-one-more", "inference/visibility.to-call", nil},
		{harness.GameBangArena, "leak-hand", "bangarena/11.redaction", nil},
		{harness.GameBangArena, "leak-role", "bangarena/11.redaction", nil},
		{harness.GameBangArena, "answer-without-version", "bangarena/server.answer-shape", nil},
		// The relay verifies the room log, so it cites the verifier's rule.
		{harness.GameBangArena, "log-drops-decision", "bangarena/log.complete", []string{"bangarena/server.replay"}},
	}
	for _, tc := range cases {
		t.Run(tc.game+"/"+tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t, tc.game, tc.fault)
			seats := 3
			if tc.game == harness.GameBangArena {
				seats = 4
			}
			c := r.create("proxy-fault", seats, []int{0, 1}, 3000)
			r.play(ctx, r.front.URL, c)
			rep := r.report(ctx, 1)
			got := map[string]bool{}
			for _, c := range rep.Checks {
				for _, f := range c.Findings {
					got[f.Rule] = true
				}
			}
			if !got[tc.rule] {
				dump(t, rep)
				t.Fatalf("no finding cites %s; findings %v", tc.rule, failing(rep))
			}
			for rule := range got {
				if rule != tc.rule && !slices.Contains(tc.also, rule) {
					dump(t, rep)
					t.Errorf("a finding cites %s, which fault %s does not explain", rule, tc.fault)
				}
			}
		})
	}
}

// TestBrokenAgentThroughRelay: the broken example agent answers with
// actions never offered; the relay names the agent rule and the seat.
func TestBrokenAgentThroughRelay(t *testing.T) {
	for _, tc := range []struct{ game, rule string }{
		{harness.GameInference, "inference/agent.legal-answer"},
		{harness.GameBangArena, "bangarena/agent.legal-answer"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t, tc.game)
			seats := 3
			if tc.game == harness.GameBangArena {
				seats = 4
			}
			c := r.create("proxy-broken", seats, []int{0}, 300)
			a := startStdio(t, "-mode", "illegal")
			if tc.game == harness.GameInference {
				bridgeInference(ctx, t, r.front.URL, c.id, 0, c.tokens[0], a)
			} else {
				bridgeBangArena(ctx, t, r.front.URL, c.id, 0, c.tokens[0], a)
			}
			rep := r.report(ctx, 1)
			if testing.Verbose() {
				dump(t, rep)
			}
			if rep.ExitCode() != 1 {
				t.Errorf("exit code %d, want 1", rep.ExitCode())
			}
			found := false
			for _, f := range failing(rep) {
				if f == tc.rule+"@0[MUST]" {
					found = true
				}
			}
			if !found {
				dump(t, rep)
				t.Fatalf("no MUST finding of %s at seat 0; findings %v", tc.rule, failing(rep))
			}
			// The findings carry the seat's transcript, and no token.
			var buf bytes.Buffer
			if err := reports.WriteJSON(&buf, rep); err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(buf.Bytes(), []byte(`"transcript"`)) {
				t.Error("no finding carries a transcript")
			}
			if bytes.Contains(buf.Bytes(), []byte(c.tokens[0])) {
				t.Error("the report holds the seat's token")
			}
		})
	}
}

// TestRefusedMakesNoMatch: an observe the server refuses (an unknown room)
// and a decision for a room never observed are relayed, and make no match
// in the report.
func TestRefusedMakesNoMatch(t *testing.T) {
	r := newRig(t, harness.GameBangArena)
	resp, err := http.Get(r.front.URL + "/api/ai/rooms/r-nope/observe?seat=0")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("observe of an unknown room: HTTP %d, want the server's 404", resp.StatusCode)
	}
	resp, err = http.Post(r.front.URL+"/api/ai/rooms/r-nope/decision", "application/json", strings.NewReader(`{"seat":0,"actionId":"end_play","commandId":"c","observationVersion":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	time.Sleep(50 * time.Millisecond)
	if ms := r.relay.Matches(); len(ms) != 0 {
		t.Errorf("the relay made matches %v of refused exchanges", ms)
	}
}
