package gametest

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestFaultsInvariant: the faults invariant fails on a fault that breaks
// another game's rule, a rule not in the catalogue or an INFO rule, and on
// a game without faults; it holds for a fault of a MUST rule of its own.
func TestFaultsInvariant(t *testing.T) {
	entry := func(id string, level rules.Level, faults ...string) conform.ManifestEntry {
		return conform.ManifestEntry{ID: id, Level: level, Faults: faults}
	}
	for _, tc := range []struct {
		name    string
		entries []conform.ManifestEntry
		want    string // "" holds
	}{
		{"holds", []conform.ManifestEntry{entry("inference/round.2.ante", rules.Must, "inference:x")}, ""},
		{"another game's rule", []conform.ManifestEntry{entry("bangarena/4.distance", rules.Must, "inference:x")}, "not a rule of inference"},
		{"not catalogued", []conform.ManifestEntry{entry("inference/"+"no.such-rule", rules.Must, "inference:x")}, "not in the catalogue"},
		{"an INFO rule", []conform.ManifestEntry{entry("inference/round.2.ante", rules.Info, "inference:x")}, "an INFO rule"},
		{"no fault", []conform.ManifestEntry{entry("bangarena/4.distance", rules.Must, "bangarena:x")}, "has no fault"},
	} {
		got := strings.Join(faultsIn("inference", tc.entries), "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
