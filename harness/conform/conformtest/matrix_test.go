package conformtest

import "testing"

// TestRunSelects: the fault matrix plays ahead the suites of the subtests
// a -run pattern selects, no fewer (a subtest left out would play its own
// suite, only later).
func TestRunSelects(t *testing.T) {
	tests := []struct {
		pattern     string
		duel, raise bool
	}{
		{"", true, true},
		{"TestFaultsAreCaught", true, true},
		{"TestFaultsAreCaught$/bangarena", true, false},
		{"TestFaultsAreCaught$/bangarena/duel-self", true, false},
		{"TestFaultsAreCaught$/bangarena/(duel-self|jail-self)$", true, false},
		{"TestFaultsAreCaught$/bangarena/jail-self|TestFaultsAreCaught$/inference/accept", false, true},
		{"TestFaultsAreCaught(OtherChance)?/inference/", false, true},
		{"TestFaultsAreCaught/([/", true, true},
		{"TestRunSelects|TestDialectsConform/no-log", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			if got := RunSelectsSub(tc.pattern, "TestFaultsAreCaught", "bangarena", "duel-self"); got != tc.duel {
				t.Errorf("duel-self: have %v, want %v", got, tc.duel)
			}
			if got := RunSelectsSub(tc.pattern, "TestFaultsAreCaught", "inference", "accept-illegal-raise"); got != tc.raise {
				t.Errorf("accept-illegal-raise: have %v, want %v", got, tc.raise)
			}
		})
	}
}
