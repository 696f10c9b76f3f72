package gamecli

import (
	"slices"
	"testing"
	"time"
)

func TestParseSeats(t *testing.T) {
	tests := []struct {
		in       string
		list     bool // ParseSeatList rather than ParseSeats
		want     []int
		wantNil  bool
		wantFail bool
	}{
		{in: "0,3", want: []int{0, 3}},
		{in: " 1 , ,2", want: []int{1, 2}},
		{in: "", want: []int{}},
		{in: "none", want: []int{}},
		{in: "", list: true, wantNil: true},
		{in: "0,x", wantFail: true},
		{in: "-1", list: true, wantFail: true},
	}
	for _, tc := range tests {
		parse := ParseSeats
		if tc.list {
			parse = ParseSeatList
		}
		got, err := parse(tc.in)
		switch {
		case tc.wantFail:
			if err == nil {
				t.Errorf("%q (list %v): no error, want one", tc.in, tc.list)
			}
		case err != nil:
			t.Errorf("%q (list %v): %v", tc.in, tc.list, err)
		case tc.wantNil != (got == nil) || !slices.Equal(got, tc.want) && !tc.wantNil:
			t.Errorf("%q (list %v) = %#v, want %#v (nil %v)", tc.in, tc.list, got, tc.want, tc.wantNil)
		}
	}
}

func TestMatchNames(t *testing.T) {
	tests := []struct {
		seed      string
		i         int
		id, mseed string
	}{
		{"umpire", 0, "sim-umpire-0000", "umpire/0"},
		{"a b/é", 12, "sim-a_b__-0012", "a b/é/12"},
	}
	for _, tc := range tests {
		if got := MatchID(tc.seed, tc.i); got != tc.id {
			t.Errorf("MatchID(%q, %d) = %q, want %q", tc.seed, tc.i, got, tc.id)
		}
		if got := MatchSeed(tc.seed, tc.i); got != tc.mseed {
			t.Errorf("MatchSeed(%q, %d) = %q, want %q", tc.seed, tc.i, got, tc.mseed)
		}
	}
	if got, want := Seeds("s", 1), "s/0"; got != want {
		t.Errorf("Seeds(s, 1) = %q, want %q", got, want)
	}
	if got, want := Seeds("s", 3), "s/0 … s/2"; got != want {
		t.Errorf("Seeds(s, 3) = %q, want %q", got, want)
	}
}

func TestNegOffAndNotKept(t *testing.T) {
	for _, tc := range []struct{ in, want time.Duration }{{-time.Second, -1}, {0, 0}, {time.Second, time.Second}} {
		if got := NegOff(tc.in); got != tc.want {
			t.Errorf("NegOff(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if NotKeptText(0) != "" || NotKeptText(1200) == "" {
		t.Errorf("NotKeptText: %q for 0, %q for 1200", NotKeptText(0), NotKeptText(1200))
	}
}
