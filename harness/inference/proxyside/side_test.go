package proxyside

import (
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/proxy"
)

// newTestRelay starts a relay judging with Inference's side (to a target
// nobody listens on: the tests hand the judge its messages) and returns
// its judge.
func newTestRelay(tb testing.TB) (*proxy.Proxy, *judge) {
	tb.Helper()
	var j *judge
	side := Side()
	side.Judge = func(h *proxy.Host) proxy.Judge {
		j = newJudge(h).(*judge)
		return j
	}
	p, err := proxy.NewWithSide(proxy.Options{Game: harness.GameInference, Target: "http://127.0.0.1:1"}, side)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { p.Close() })
	return p, j
}

// tally is check's tally of im's match, read under its lock.
func (im *infMatch) tally(check string) proxy.Tally {
	im.m.Lock()
	defer im.m.Unlock()
	return im.m.Tally(check)
}
