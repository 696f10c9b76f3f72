package verify

import "testing"

// TestSidePotBreach: what the document fixes of a split with side pots,
// whatever the layers (MUST), against a split that keeps it but layers
// otherwise (left to I-INF-5, SHOULD unless strict).
func TestSidePotBreach(t *testing.T) {
	// Seat 0 all-in for 5 with the best value, seats 1 and 2 in for 10,
	// seat 3 folded after 8 (pot 33).
	contrib := []int{5, 10, 10, 8}
	folded := []bool{false, false, false, true}
	values := []int{90, 50, 40, 99}
	for _, tc := range []struct {
		name   string
		paid   []int
		values []int
		breach bool
	}{
		{"layers by contribution (I-INF-5)", []int{20, 13, 0, 0}, nil, false},
		{"folded chips all in the main pot (another layering)", []int{23, 10, 0, 0}, nil, false},
		{"the short winner takes the side pot", []int{33, 0, 0, 0}, nil, true},
		{"the best value wins less than it matched", []int{13, 20, 0, 0}, nil, true},
		{"a folded seat is paid", []int{20, 5, 0, 8}, nil, true},
		{"tied seats that paid the same split unevenly", []int{0, 25, 8, 0}, []int{90, 95, 95, 1}, true},
		{"tied seats split evenly", []int{0, 17, 16, 0}, []int{90, 95, 95, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := values
			if tc.values != nil {
				v = tc.values
			}
			got := sidePotBreach(contrib, folded, v, tc.paid, 2)
			if (got != "") != tc.breach {
				t.Errorf("breach %q, want breach %v", got, tc.breach)
			}
		})
	}
}
