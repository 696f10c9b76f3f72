package probe

import (
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestBaJudgeTalk: a message sent with a decision and shown to another
// seat fails bangarena/1.no-free-text; shown back to its sender alone it
// passes (no channel to anyone else); no other seat observed skips.
func TestBaJudgeTalk(t *testing.T) {
	const marker = "umpire-table-talk-r1-7"
	shown := []byte(`{"observation":{"tableTalk":"` + marker + `"}}`)
	clean := []byte(`{"observation":{}}`)
	for _, tc := range []struct {
		name  string
		views map[int][]byte
		fail  bool
		skip  bool
	}{
		{"shown to another seat", map[int][]byte{0: shown, 1: clean, 2: shown}, true, false},
		{"shown to its sender alone", map[int][]byte{0: shown, 1: clean, 2: clean}, false, false},
		{"no other seat observed", map[int][]byte{0: shown}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := baJudgeTalk(0, 7, marker, tc.views)
			if tc.skip {
				if res.Status != reports.Skip {
					t.Fatalf("status %v, want a skip", res.Status)
				}
				return
			}
			if got := len(res.Findings) > 0; got != tc.fail {
				t.Errorf("failed %v, want %v: %+v", got, tc.fail, res.Findings)
			}
		})
	}
}
