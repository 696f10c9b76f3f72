package proxyside_test

import (
	"testing"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestStreamsThroughRelay (issue 27, I-BA-V10): a server that offers no
// log and draws its chance its own way is judged from the streams of the
// seats the relay carries (two of four): played right, the check passes
// with no finding; with a fault in what the seats see, it fails by the
// rule the fault breaks.
func TestStreamsThroughRelay(t *testing.T) {
	proxytest.Streams(t, game, []proxytest.StreamsCase{
		{Name: "right"},
		{Name: "draw-three", Faults: []string{"draw-three"}, Rule: "bangarena/3.draw-two"},
	})
}
