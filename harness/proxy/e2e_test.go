package proxy_test

import (
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestConformingThroughRelay: the example agents play through the relay
// against the embedded servers; the relay judges both sides conforming.
func TestConformingThroughRelay(t *testing.T) {
	for _, g := range games(t) {
		t.Run(g.Name, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := proxytest.New(t, g)
			c := r.Create("proxy-ok", g.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, c)
			rep := r.Report(ctx, 1)
			dump(t, rep)
			if code := rep.ExitCode(); code != 0 {
				t.Fatalf("exit code %d, findings %v", code, failing(rep))
			}
		})
	}
}
