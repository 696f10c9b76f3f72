package harness

import (
	"slices"
	"testing"
)

func TestRulesVersions(t *testing.T) {
	tests := []struct {
		game string
		want []string
	}{
		{GameInference, []string{"inference-0.4"}},
		{GameBangArena, []string{"krug_rules@0.1.0", "krug-decision/1"}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			if got := RulesVersions(tc.game); !slices.Equal(got, tc.want) {
				t.Fatalf("RulesVersions(%q) = %q, want %q", tc.game, got, tc.want)
			}
		})
	}
}
