package proxyside_test

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/inference/proxyside/proxysidetest"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// The end-to-end tests of Inference's live judge: the example agents (or
// the tests themselves) play matches of the embedded server, or of a
// scripted one, through the relay (harness/proxy/proxytest), which finds
// the game's side and server in the registry (registry_test.go).

func TestMain(m *testing.M) {
	os.Exit(proxytest.Main(m, "broken"))
}

// game is Inference's part of the rig.
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

// relayTo is a relay judging Inference in front of target (a scripted
// server), with a message cap of maxMsg (0: the default); it returns the
// relay and the WebSocket URL of match m-1 through it, less the seat.
func relayTo(t *testing.T, target string, maxMsg int) (*proxy.Proxy, string) {
	t.Helper()
	p, err := proxy.New(proxy.Options{Game: game.Name, Target: target, MaxMessage: maxMsg})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	t.Cleanup(func() { front.Close(); _ = p.Close() })
	return p, "ws" + strings.TrimPrefix(front.URL, "http") + "/ws/inference?match=m-1&seat="
}

var fakeServer = proxytest.FakeWS
