package proxy_test

import (
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy"
)

// TestConformingThroughRelay: the example agents play through the relay
// against the embedded servers; the relay judges both sides conforming.
func TestConformingThroughRelay(t *testing.T) {
	for _, game := range []string{proxy.GameInference, proxy.GameBangArena} {
		t.Run(game, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			r := newRig(t, game)
			seats := 3
			if game == proxy.GameBangArena {
				seats = 4
			}
			c := r.create("proxy-ok", seats, []int{0, 1}, 3000)
			r.play(ctx, r.front.URL, c)
			rep := r.report(ctx, 1)
			dump(t, rep)
			if code := rep.ExitCode(); code != 0 {
				t.Fatalf("exit code %d, findings %v", code, failing(rep))
			}
		})
	}
}
