package proxyside_test

import (
	"testing"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestStreamsThroughRelay (issue 27, I-BA-V10): a server that offers no
// log and draws its chance its own way is judged from the streams of the
// seats the relay carries (two of three): played right, the check passes
// with no finding; with a fault in what the seats see, it fails by the
// rule the fault breaks.
func TestStreamsThroughRelay(t *testing.T) {
	proxytest.Streams(t, game, []proxytest.StreamsCase{
		{Name: "right"},
		{Name: "ante-undercharged", Faults: []string{"ante-undercharged"}, Rule: "inference/round.2.ante"},
	})
}
