package proxyside_test

import (
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	"github.com/umpire-arena/umpire/reports"
)

// TestStreamsThroughRelay (issue 27, I-BA-V10): a server that offers no
// log and draws its chance its own way is judged from the streams of the
// seats the relay carries (two of three): played right, the check passes
// with no finding; with a fault in what the seats see, it fails by the
// rule the fault breaks.
func TestStreamsThroughRelay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults []string
		rule   string // "" : the check passes
	}{
		{"right", nil, ""},
		{"ante-undercharged", []string{"ante-undercharged"}, "inference/round.2.ante"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := proxytest.NewDialects(t, game, tc.faults, []string{"other-chance", "no-log"})
			c := r.Create("proxy-streams", game.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, c)
			rep := r.Report(ctx, 1)
			var streams *reports.Check
			for i, ch := range rep.Checks {
				if ch.Name == "server-seats-streams" {
					streams = &rep.Checks[i]
				}
			}
			if streams == nil {
				t.Fatal("no server-seats-streams check in the report")
			}
			switch {
			case tc.rule == "" && streams.Status != reports.Pass:
				dump(t, rep)
				t.Fatalf("streams check: %s (%s) %v, want pass", streams.Status, streams.Reason, streams.Findings)
			case tc.rule != "":
				if streams.Status != reports.Fail || len(streams.Findings) == 0 {
					dump(t, rep)
					t.Fatalf("streams check: %s (%s), want a failure by %s", streams.Status, streams.Reason, tc.rule)
				}
				for _, f := range streams.Findings {
					if f.Level == "MUST" && f.Rule != tc.rule {
						t.Errorf("finding %v, want MUST by %s alone", f, tc.rule)
					}
				}
			}
		})
	}
}
