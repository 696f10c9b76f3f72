package bangarena

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
)

// TestLabelsSelectTheChecks: a Ginkgo label filter by rule id selects the
// live legality check (I-BA-P4) and the MCP decision probe (I-BA-P5) along
// with the checks that shared the label before them.
func TestLabelsSelectTheChecks(t *testing.T) {
	tests := []struct {
		filter string
		want   []string
	}{
		{"bangarena.server.legal-actions", []string{
			"bangarena: legalActions agree with the referee, derived from each observation (live)",
			"bangarena: the seats' evidence and the room log re-derive the room (the one judge of what the suite saw)",
		}},
		{"bangarena.server.mcp-tools", []string{
			"bangarena: MCP tools",
			"bangarena: MCP tools answer as their REST twins",
			"bangarena: a decision submitted over MCP is applied once",
		}},
		{"bangarena.server.duplicate-command", []string{
			"bangarena: a repeated commandId gets the stored answer",
			"bangarena: a decision submitted over MCP is applied once",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.filter, func(t *testing.T) {
			cs, err := conform.Filter(conform.Checks(conform.GameBangArena), tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			var have []string
			for _, c := range cs {
				have = append(have, c.Name)
			}
			slices.Sort(have)
			want := slices.Sorted(slices.Values(tc.want))
			if !slices.Equal(have, want) {
				t.Errorf("have %q, want %q", have, want)
			}
		})
	}
}
