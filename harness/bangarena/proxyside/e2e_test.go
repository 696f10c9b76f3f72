package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestServerFaultsThroughRelay: with a fault of the embedded server on,
// the relay reports that fault's rule, and nothing the fault does not
// explain.
func TestServerFaultsThroughRelay(t *testing.T) {
	proxytest.ServerFaults(t, game, []proxytest.FaultCase{
		{Fault: "leak-hand", Rule: "bangarena/11.redaction"},
		{Fault: "leak-role", Rule: "bangarena/11.redaction"},
		{Fault: "answer-without-version", Rule: "bangarena/server.answer-shape"},
		// The relay verifies the room log, so it cites the verifier's rule.
		{Fault: "log-drops-decision", Rule: "bangarena/log.complete", Also: []string{"bangarena/server.replay"}},
	})
}

// TestBrokenAgentThroughRelay: the broken example agent answers with
// actions never offered; the relay names the agent rule and the seat,
// carries the seat's transcript and no token.
func TestBrokenAgentThroughRelay(t *testing.T) {
	proxytest.BrokenAgent(t, game, "bangarena/agent.legal-answer", func(ctx context.Context, t *testing.T, base string, m proxytest.Match, a *proxytest.Stdio) {
		bridgeBangArena(ctx, t, base, m.ID, 0, m.Tokens[0], a)
	})
}

// TestRefusedMakesNoMatch: an observe the server refuses (an unknown room)
// and a decision for a room never observed are relayed, and make no match
// in the report.
func TestRefusedMakesNoMatch(t *testing.T) {
	r := newRig(t)
	resp, err := http.Get(r.Front.URL + "/api/ai/rooms/r-nope/observe?seat=0")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("observe of an unknown room: HTTP %d, want the server's 404", resp.StatusCode)
	}
	resp, err = http.Post(r.Front.URL+"/api/ai/rooms/r-nope/decision", "application/json", strings.NewReader(`{"seat":0,"actionId":"end_play","commandId":"c","observationVersion":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	time.Sleep(50 * time.Millisecond)
	if ms := r.Relay.Matches(); len(ms) != 0 {
		t.Errorf("the relay made matches %v of refused exchanges", ms)
	}
}

// bridgeBangArena plays seat of room over the relay's REST protocol with a.
func bridgeBangArena(ctx context.Context, t *testing.T, base, room string, seat int, token string, a *proxytest.Stdio) {
	client := &http.Client{Timeout: 10 * time.Second}
	prefix := base + "/api/ai/rooms/" + url.PathEscape(room)
	call := func(method, u string, body []byte) (int, []byte) {
		req, _ := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		req.Header.Set("x-agent-token", token)
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	last := -1
	for ctx.Err() == nil {
		status, body := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if status != http.StatusOK {
			t.Errorf("observe: HTTP %d: %s", status, body)
			return
		}
		var req struct {
			ObservationVersion int `json:"observationVersion"`
			Observation        struct {
				Phase string `json:"phase"`
			} `json:"observation"`
			LegalActions []json.RawMessage `json:"legalActions"`
		}
		_ = json.Unmarshal(body, &req)
		if req.Observation.Phase == "ended" {
			a.Send([]byte(`{"type":"match_end"}`))
			return
		}
		if len(req.LegalActions) > 0 && req.ObservationVersion != last {
			last = req.ObservationVersion
			a.Send(body)
			for range 2 {
				ans, ok := a.Answer(time.Second)
				if !ok {
					break
				}
				st, reply := call(http.MethodPost, prefix+"/decision", ans)
				if st != http.StatusBadRequest {
					break
				}
				a.Send(reply)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}
