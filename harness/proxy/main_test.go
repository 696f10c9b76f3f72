package proxy_test

import (
	"os"
	"testing"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// The end-to-end tests of the relay's machinery run over every game that
// gives its part of the rig (proxytest.Games; harness/allgames/allgamestest
// links them), with the example agents built once for the package. The
// tests of one game's judging live beside its judge
// (harness/<game>/proxyside).

func TestMain(m *testing.M) {
	os.Exit(proxytest.Main(m))
}

// The tests' shorthands.
var (
	testContext = proxytest.Context
	dump        = proxytest.Dump
	failing     = proxytest.Failing
	benchShare  = proxytest.BenchShare
	fakeServer  = proxytest.FakeWS
)

type (
	rig     = proxytest.Rig
	created = proxytest.Match
)

// games lists the games' parts; a test over every game fails when none
// is linked.
func games(t testing.TB) []proxytest.Game {
	t.Helper()
	gs := proxytest.Games()
	if len(gs) == 0 {
		t.Fatal("no game's part of the rig is registered (link harness/allgames/allgamestest)")
	}
	return gs
}
