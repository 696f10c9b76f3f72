package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/reports"
)

// TestBangArenaLateDecisionAccepted: a seat reads its request through the
// relay, stays silent well past the deadline without polling again, then
// decides. A server that never answers for a silent seat (fault
// ignore-deadline) accepts that decision: the relay names §14's default
// action for the acceptance (I-BA-X2: a decision accepted later than the
// deadline plus its grace) and the agent's lateness; the conforming server
// has answered for the seat by then, and only the agent is charged.
func TestBangArenaLateDecisionAccepted(t *testing.T) {
	for _, tc := range []struct {
		fault    string
		accepted bool // the late decision is accepted, and §14 cited for it
	}{
		{"ignore-deadline", true},
		{"", false},
	} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			r := newRig(t, faults...)
			c := r.Create("proxy-ba-late", 4, []int{0}, 300)
			req, body := observeUntilAsked(ctx, t, r.Front.URL, c, 0)
			// Past the deadline (300 ms), its grace (1 s) and the clock's
			// slack (1 s), without a poll in between.
			time.Sleep(3500 * time.Millisecond)
			pl, err := baadv.New("random", "late")
			if err != nil {
				t.Fatal(err)
			}
			d, err := pl.Decide(req)
			if err != nil {
				t.Fatalf("%v (request %s)", err, body)
			}
			dec := map[string]any{"seat": 0, "actionId": d.ActionID, "commandId": "late-1", "observationVersion": req.ObservationVersion}
			if len(d.Args) > 0 {
				dec["args"] = d.Args
			}
			status, answer := post(ctx, t, r.Front.URL+"/api/ai/rooms/"+url.PathEscape(c.ID)+"/decision", c.Tokens[0], dec)
			if got := status == http.StatusOK && !bytes.Contains(answer, []byte(`"error"`)); got != tc.accepted {
				t.Fatalf("the late decision: HTTP %d %s; want accepted %v", status, answer, tc.accepted)
			}
			// One more look: the conforming server has moved on (its answer
			// for the silent seat), which the relay sees now.
			observeOnce(ctx, t, r.Front.URL, c, 0)
			rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{game.Name}}, nil)
			rep.Checks = r.Relay.Checks()
			var acceptedLate, agentLate bool
			for _, ch := range rep.Checks {
				for _, f := range ch.Findings {
					switch {
					case f.Rule == "bangarena/14.default-action" && strings.Contains(fmt.Sprint(f.Got), "accepted"):
						acceptedLate = true
					case f.Rule == "bangarena/agent.answer-in-time":
						agentLate = true
					}
				}
			}
			if acceptedLate != tc.accepted || !agentLate {
				dump(t, rep)
				t.Fatalf("14.default-action for the accepted decision: %v, want %v; the agent's answer-in-time: %v, want true; findings %v",
					acceptedLate, tc.accepted, agentLate, failing(rep))
			}
		})
	}
}

// observeUntilAsked polls seat's observe through base until it holds a
// request with legal actions, and returns it and its body.
func observeUntilAsked(ctx context.Context, t *testing.T, base string, c created, seat int) (*ba.DecisionRequest, []byte) {
	t.Helper()
	u := base + "/api/ai/rooms/" + url.PathEscape(c.ID) + "/observe?seat=" + strconv.Itoa(seat)
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		req.Header.Set("x-agent-token", c.Tokens[seat])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var dr ba.DecisionRequest
		if err := json.Unmarshal(b, &dr); err != nil {
			t.Fatalf("observe: %v: %s", err, b)
		}
		if len(dr.LegalActions) > 0 {
			return &dr, b
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal(ctx.Err())
	return nil, nil
}

// observeOnce polls seat's observe through base once.
func observeOnce(ctx context.Context, t *testing.T, base string, c created, seat int) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/ai/rooms/"+url.PathEscape(c.ID)+"/observe?seat="+strconv.Itoa(seat), nil)
	req.Header.Set("x-agent-token", c.Tokens[seat])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// post sends v as JSON with seat's token and returns the answer.
func post(ctx context.Context, t *testing.T, u, token string, v any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(v)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	req.Header.Set("x-agent-token", token)
	req.Header.Set("content-type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}
