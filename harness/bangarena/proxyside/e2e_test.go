package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
		{"leak-hand", "bangarena/11.redaction", nil},
		{"leak-role", "bangarena/11.redaction", nil},
		{"answer-without-version", "bangarena/server.answer-shape", nil},
		// The relay verifies the room log, so it cites the verifier's rule.
		{"log-drops-decision", "bangarena/log.complete", []string{"bangarena/server.replay"}},
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
	for _, tc := range []struct{ rule string }{{"bangarena/agent.legal-answer"}} {
		t.Run(tc.rule, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t)
			c := r.Create("proxy-broken", game.Seats, []int{0}, 300)
			a := proxytest.StartStdio(t, "broken", "-mode", "illegal")
			bridgeBangArena(ctx, t, r.Front.URL, c.ID, 0, c.Tokens[0], a)
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
