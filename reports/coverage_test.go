package reports

import (
	"slices"
	"testing"
)

func TestCompareSectionsIsNatural(t *testing.T) {
	keys := []string{"bangarena · §10", "bangarena · Errors", "bangarena · §2", "bangarena · §1", "inference · Round 3", "inference · Timeouts", "inference · Round 10"}
	slices.SortStableFunc(keys, compareSections)
	want := []string{"bangarena · §1", "bangarena · §2", "bangarena · §10", "bangarena · Errors", "inference · Round 3", "inference · Round 10", "inference · Timeouts"}
	if !slices.Equal(keys, want) {
		t.Fatalf("have %q\nwant %q", keys, want)
	}
}
