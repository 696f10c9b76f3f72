package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	"github.com/umpire-arena/umpire/reports"
)

// TestServerFaultsThroughRelay: with a fault of the embedded server on,
// the relay reports that fault's rule, and nothing the fault does not
// explain.
func TestServerFaultsThroughRelay(t *testing.T) {
	cases := []struct {
		fault, rule string
		also        []string
	}{
		{"leak-value", "inference/visibility.no-peek", nil},
		// deadline_ms is the rules document's own ("deadline_ms in each your_turn").
		{"drop-deadline-ms", "inference/timeouts.deadline", []string{"inference/agent.answer-in-time"}},
		{"wrong-seed-commit", "inference/protocol.seed-commit", nil},
		{"skip-deal-private", "inference/wire.events.objects", nil},
		{"reveal-uncontested", "inference/round.7.uncontested", nil},
		// The call item is right: the round's events charge the to_call.
		{"to-call-one-more", "inference/visibility.to-call", nil},
	}
	for _, tc := range cases {
		t.Run(tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t, tc.fault)
			c := r.Create("proxy-fault", game.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, c)
			rep := r.Report(ctx, 1)
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
	for _, tc := range []struct{ rule string }{{"inference/agent.legal-answer"}} {
		t.Run(tc.rule, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t)
			c := r.Create("proxy-broken", game.Seats, []int{0}, 300)
			a := proxytest.StartStdio(t, "broken", "-mode", "illegal")
			bridgeInference(ctx, t, r.Front.URL, c.ID, 0, c.Tokens[0], a)
			rep := r.Report(ctx, 1)
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
			if bytes.Contains(buf.Bytes(), []byte(c.Tokens[0])) {
				t.Error("the report holds the seat's token")
			}
		})
	}
}

// bridgeInference plays seat of match over the relay's WebSocket with a.
func bridgeInference(ctx context.Context, t *testing.T, base, match string, seat int, token string, a *proxytest.Stdio) {
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(match) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": match, "seat": seat, "token": token})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	go func() {
		for l := range a.Lines {
			if c.Write(ctx, websocket.MessageText, l) != nil {
				return
			}
		}
	}()
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return
		}
		a.Send(msg)
		var env struct{ Type string }
		if json.Unmarshal(msg, &env) == nil && env.Type == "match_end" {
			_ = c.Close(websocket.StatusNormalClosure, "")
			return
		}
	}
}
