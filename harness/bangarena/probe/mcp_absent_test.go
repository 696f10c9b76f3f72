package probe

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestMCPAbsentIsNotApplicable (issue 27 item 4): MCP is optional, so at a
// server that offers none (the embedded server's no-mcp dialect) the rule
// about MCP is not applicable — left out of the coverage headline's count,
// with why — while a server that offers MCP is held to it (checked).
func TestMCPAbsentIsNotApplicable(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two servers")
	}
	for _, tc := range []struct {
		name     string
		dialects []string
		state    string
		na       int
	}{
		{"mcp", nil, reports.StateChecked, 0},
		{"no-mcp", []string{"no-mcp"}, reports.StateNotApplicable, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e, err := conform.StartEmbeddedDialects(conform.GameBangArena, nil, tc.dialects)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, DeadlineMS: 300}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rep := reports.New(reports.Meta{Kind: reports.KindConform, Games: []string{conform.GameBangArena}}, rules.Default())
			for _, c := range conform.Checks(conform.GameBangArena) {
				if strings.Contains(c.Name, "MCP") {
					rc := conform.Run(context.Background(), tg, c)
					if rc.Status == reports.Fail || rc.Status == reports.Error {
						t.Errorf("%s: %s %s %v", c.Name, rc.Status, rc.Reason, rc.Findings)
					}
					rep.Checks = append(rep.Checks, rc)
				}
			}
			for _, rc := range rep.Coverage() {
				if rc.Rule.ID == "bangarena/server.mcp-tools" && rc.State != tc.state {
					t.Errorf("bangarena/server.mcp-tools: %s (%v), want %s", rc.State, rc.Why, tc.state)
				}
			}
			for _, f := range reports.CoverageFigures(rep.Coverage()) {
				if f.Game != conform.GameBangArena {
					continue
				}
				if f.Live.NotApplicable != tc.na {
					t.Errorf("%d rules not applicable, want %d: %s", f.Live.NotApplicable, tc.na, f)
				}
				if tc.na > 0 && !strings.Contains(f.String(), "n/a: the target offers no MCP") {
					t.Errorf("headline %q does not say why", f)
				}
			}
		})
	}
}
