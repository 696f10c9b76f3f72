package proxyside_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	"github.com/umpire-arena/umpire/reports"
)

// pollSilent polls seat's observe through the relay for d without ever
// deciding.
func pollSilent(ctx context.Context, t *testing.T, base string, c created, seat int, d time.Duration) {
	t.Helper()
	end := time.Now().Add(d)
	u := base + "/api/ai/rooms/" + url.PathEscape(c.ID) + "/observe?seat=" + strconv.Itoa(seat)
	for time.Now().Before(end) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		req.Header.Set("x-agent-token", c.Tokens[seat])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if bytes.Contains(b, []byte(`"phase":"ended"`)) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBangArenaTimeoutsThroughRelay: a seat that polls its requests
// through the relay and never decides. Against the conforming server the
// relay charges the agent (answer-in-time at that seat) and not the
// server; against a server that never answers for a silent seat it names
// §14's default action.
func TestBangArenaTimeoutsThroughRelay(t *testing.T) {
	for _, tc := range []struct {
		fault     string
		want, not string
	}{
		{"", "bangarena/agent.answer-in-time", "bangarena/14.default-action"},
		{"ignore-deadline", "bangarena/14.default-action", ""},
	} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			r := newRig(t, faults...)
			c := r.Create("proxy-ba-timeouts", 4, []int{0}, 300)
			pollSilent(ctx, t, r.Front.URL, c, 0, 3*time.Second)
			rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{game.Name}}, nil)
			rep.Checks = r.Relay.Checks()
			got := proxytest.Rules(rep)
			if !got[tc.want] {
				dump(t, rep)
				t.Fatalf("no finding cites %s; findings %v", tc.want, failing(rep))
			}
			if tc.not != "" && got[tc.not] {
				dump(t, rep)
				t.Errorf("a finding cites %s", tc.not)
			}
		})
	}
}
