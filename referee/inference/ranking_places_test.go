package inference

import "testing"

// TestSamePlaces: what the rules document fixes of a ranking (who places
// above whom, equals sharing a place) against what I-INF-8 adds (numbering
// from 1 with gaps, ties listed in seat order).
func TestSamePlaces(t *testing.T) {
	want := Rank([]Standing{{Seat: 0, Credits: 50}, {Seat: 1, Credits: 80}, {Seat: 2, Credits: 50}, {Seat: 3, Busted: true, BustRound: 4}})
	// want: seat 1 rank 1; seats 0 and 2 rank 2; seat 3 rank 4.
	e := func(seat, rank, credits int) RankEntry { return RankEntry{Seat: seat, Rank: rank, Credits: credits} }
	tests := []struct {
		name string
		got  []RankEntry
		same bool
	}{
		{"Rank's own", want, true},
		{"dense numbering", []RankEntry{e(1, 1, 80), e(0, 2, 50), e(2, 2, 50), e(3, 3, 0)}, true},
		{"from 0", []RankEntry{e(1, 0, 80), e(0, 1, 50), e(2, 1, 50), e(3, 3, 0)}, true},
		{"tie listed in another order", []RankEntry{e(1, 1, 80), e(2, 2, 50), e(0, 2, 50), e(3, 4, 0)}, true},
		{"tie split", []RankEntry{e(1, 1, 80), e(0, 2, 50), e(2, 3, 50), e(3, 4, 0)}, false},
		{"busted seat above a live one", []RankEntry{e(1, 1, 80), e(3, 2, 0), e(0, 3, 50), e(2, 3, 50)}, false},
		{"credits misreported", []RankEntry{e(1, 1, 81), e(0, 2, 50), e(2, 2, 50), e(3, 4, 0)}, false},
		{"a seat twice", []RankEntry{e(1, 1, 80), e(0, 2, 50), e(0, 2, 50), e(3, 4, 0)}, false},
		{"a seat missing", []RankEntry{e(1, 1, 80), e(0, 2, 50), e(3, 4, 0)}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SamePlaces(want, tc.got); got != tc.same {
				t.Errorf("SamePlaces = %v, want %v", got, tc.same)
			}
		})
	}
}
