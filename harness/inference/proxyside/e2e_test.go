package proxyside_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"testing"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestServerFaultsThroughRelay: with a fault of the embedded server on,
// the relay reports that fault's rule, and nothing the fault does not
// explain.
func TestServerFaultsThroughRelay(t *testing.T) {
	proxytest.ServerFaults(t, game, []proxytest.FaultCase{
		{Fault: "leak-value", Rule: "inference/visibility.no-peek"},
		// deadline_ms is the rules document's own ("deadline_ms in each your_turn").
		{Fault: "drop-deadline-ms", Rule: "inference/timeouts.deadline", Also: []string{"inference/agent.answer-in-time"}},
		{Fault: "wrong-seed-commit", Rule: "inference/protocol.seed-commit"},
		{Fault: "skip-deal-private", Rule: "inference/wire.events.objects"},
		{Fault: "reveal-uncontested", Rule: "inference/round.7.uncontested"},
		// The call item is right: the round's events charge the to_call.
		{Fault: "to-call-one-more", Rule: "inference/visibility.to-call"},
	})
}

// TestBrokenAgentThroughRelay: the broken example agent answers with
// actions never offered; the relay names the agent rule and the seat,
// carries the seat's transcript and no token.
func TestBrokenAgentThroughRelay(t *testing.T) {
	proxytest.BrokenAgent(t, game, "inference/agent.legal-answer", func(ctx context.Context, t *testing.T, base string, m proxytest.Match, a *proxytest.Stdio) {
		bridgeInference(ctx, t, base, m.ID, 0, m.Tokens[0], a)
	})
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
