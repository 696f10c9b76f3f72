package probe

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	"github.com/umpire-arena/umpire/reports"
)

// mcpDecisionCheck returns the suite's MCP decision probe.
func mcpDecisionCheck(t *testing.T) conform.Check {
	return conformtest.CheckNamed(t, conform.GameBangArena, "submitted over MCP")
}

// TestMCPDecisionOnEmbedded: the probe passes on the embedded server (MCP
// through the official Go SDK), and fails citing the rule each fault breaks
// when the submit tool is missing or repeated commandIds are not answered
// with the stored answer.
func TestMCPDecisionOnEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three servers")
	}
	for _, tc := range []struct {
		fault, rule string
	}{
		{"", ""},
		{"mcp-missing-tool", "bangarena/server.mcp-tools"},
		{"no-duplicate", "bangarena/server.duplicate-command"},
	} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			t.Parallel()
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			e, err := conform.StartEmbedded(conform.GameBangArena, faults)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rc := conform.Run(context.Background(), tg, mcpDecisionCheck(t))
			if tc.rule == "" {
				if rc.Status != reports.Pass {
					t.Fatalf("have %v (%s) %v, want pass", rc.Status, rc.Reason, rc.Findings)
				}
				return
			}
			if rc.Status != reports.Fail || len(rc.Findings) != 1 || rc.Findings[0].Rule != tc.rule {
				t.Fatalf("have %v (%s) %v, want one finding of %s", rc.Status, rc.Reason, rc.Findings, tc.rule)
			}
			if len(rc.Findings[0].Transcript) == 0 {
				t.Errorf("the finding has no transcript")
			}
			// The seat tokens the tool arguments carry never reach a report.
			data, _ := json.Marshal(rc.Findings)
			for i, part := range strings.Split(string(data), `"token":`)[1:] {
				if !strings.HasPrefix(part, `"[redacted]"`) {
					t.Errorf("token %d in the transcript is not redacted: %.40s", i, part)
				}
			}
			if !strings.Contains(string(data), `"token":`) {
				t.Errorf("no token argument in the transcript %s", data)
			}
		})
	}
}

// TestMCPDecisionGiven: the probe is skipped, with a reason, never passed,
// when the server has no MCP (404), when the target declares none, and when
// no seat the suite holds has a decision pending (a given room already
// over); on a given room with a decision pending it passes.
func TestMCPDecisionGiven(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a room")
	}
	ctx := context.Background()
	none := httptest.NewServer(http.NotFoundHandler())
	defer none.Close()
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	maker := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, DeadlineMS: 5000}
	if err := maker.Validate(); err != nil {
		t.Fatal(err)
	}
	r, err := baCreate(ctx, maker, "mcp-ended")
	if err != nil {
		t.Fatal(err)
	}
	if _, ended, err := r.playUntil(ctx, nil); err != nil || !ended {
		t.Fatalf("playing the room to its end: ended %v, %v", ended, err)
	}
	open, err := baCreate(ctx, maker, "mcp-open")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		target conform.Target
		want   reports.Status
		reason string
	}{
		{"no MCP at /mcp", conform.Target{URL: none.URL, Create: true}, reports.Skip, "404"},
		{"--mcp no", conform.Target{URL: e.URL, Create: true, MCP: conform.MCPNo}, reports.Skip, "declares no MCP"},
		{"a given room already over", conform.Target{URL: e.URL, Match: r.id, Seats: r.tokens}, reports.Skip, "has ended"},
		{"a given room with a decision pending", conform.Target{URL: e.URL, Match: open.id, Seats: open.tokens}, reports.Pass, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := tc.target
			tg.Game = conform.GameBangArena
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rc := conform.Run(ctx, &tg, mcpDecisionCheck(t))
			if rc.Status != tc.want || !strings.Contains(rc.Reason, tc.reason) {
				t.Errorf("have %v (%s) %v, want %v with %q", rc.Status, rc.Reason, rc.Findings, tc.want, tc.reason)
			}
		})
	}
}
