package server

import (
	"context"
	"slices"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// TestFixedValues: a creation's values are checked, announced as the
// fixed-values capability, and dealt in their rounds; later rounds come
// from the match's own chance.
func TestFixedValues(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Shutdown(context.Background()) })
	for _, bad := range [][][]int{{{1, 2}}, {{0, 50, 50}}, {{1, 2, 101}}, {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}} {
		if _, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, Values: bad}); err == nil {
			t.Errorf("values %v accepted", bad)
		}
	}
	c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, Values: [][]int{{12, 77, 77}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(c.Capabilities, CapabilityFixedValues) {
		t.Errorf("capabilities %v, want %s", c.Capabilities, CapabilityFixedValues)
	}
	fv := fixedValues{ref.Seeded("s"), [][]int{{12, 77, 77}}}
	for seat, want := range []int{12, 77, 77} {
		if got := fv.Value(1, seat); got != want {
			t.Errorf("round 1 seat %d: %d, want %d", seat, got, want)
		}
		if got, want := fv.Value(2, seat), ref.DealValue("s", 2, seat); got != want {
			t.Errorf("round 2 seat %d: %d, want the seed's %d", seat, got, want)
		}
	}
}
