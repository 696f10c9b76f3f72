package probe

import (
	"context"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	"github.com/umpire-arena/umpire/reports"
)

// TestSeatsJudgeWithoutLog (issue 27, part 2): against the embedded server
// with a generator of its own and no room log, the judge of the seats'
// evidence re-derives the rooms from what the seats saw: it passes and
// judges the outcome rules (the log checks have nothing to read), and a
// fault of an outcome rule is charged to that rule, with no other MUST.
func TestSeatsJudgeWithoutLog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays sessions on the embedded server")
	}
	check := conformtest.CheckNamed(t, conform.GameBangArena, "seats' evidence")
	for _, tc := range []struct {
		fault, rule string
		evaluated   []string // rules a passing run must have judged
	}{
		{"", "", []string{"bangarena/3.draw-two", "bangarena/5.shot", "bangarena/9.elimination", "bangarena/3.turn-order", "bangarena/server.legal-actions"}},
		{"draw-three", "bangarena/3.draw-two", nil},
		{"buckshot-two-damage", "bangarena/5.buckshot", nil},
	} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			t.Parallel()
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			e, err := conform.StartEmbeddedDialects(conform.GameBangArena, faults, []string{"other-chance", "no-log"})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			// The seats' judge is proven on the planned rooms alone (no playing
			// on); the dialect suites (no-log) judge the rooms played on.
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, Budget: -1}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rc := conform.Run(context.Background(), tg, check)
			if tc.fault == "" {
				if rc.Status != reports.Pass {
					t.Fatalf("have %v (%s) %v, want pass", rc.Status, rc.Reason, rc.Findings)
				}
				for _, id := range tc.evaluated {
					if rc.Evaluated[id] == 0 {
						t.Errorf("%s not judged", id)
					}
				}
				return
			}
			caught := false
			for _, f := range rc.Findings {
				if f.Rule == tc.rule {
					caught = true
				} else if f.Level == "MUST" {
					t.Errorf("unrelated MUST %s: %s", f.Rule, f.Message)
				}
			}
			if !caught {
				t.Errorf("have %v %v, want a finding under %s", rc.Status, rc.Findings, tc.rule)
			}
		})
	}
}
