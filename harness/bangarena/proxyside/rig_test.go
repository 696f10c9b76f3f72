package proxyside_test

import (
	"os"
	"testing"

	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/bangarena/proxyside/proxysidetest"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// The end-to-end tests of BangArena's live judge: the example agents (or
// the tests themselves) play rooms of the embedded server through the
// relay (harness/proxy/proxytest), which finds the game's side and server
// in the registry: harness/allgames registers every game (this external
// test package links it, since the game's wiring imports this package).

func TestMain(m *testing.M) {
	os.Exit(proxytest.Main(m, "broken"))
}

// game is BangArena's part of the rig.
var game = proxysidetest.Game

// The tests' shorthands.
var (
	testContext = proxytest.Context
	dump        = proxytest.Dump
	failing     = proxytest.Failing
)

type created = proxytest.Match

func newRig(t testing.TB, faults ...string) *proxytest.Rig {
	t.Helper()
	return proxytest.New(t, game, faults...)
}
