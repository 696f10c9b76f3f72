package proxy_test

// The package's tests find each game's part of the relay (and its suite:
// the tests start embedded servers through it) in the registry, as a run
// does, with each game's part of the rig (proxytest.Games):
// harness/allgames/allgamestest registers every game and those parts (an
// external test file links it, since each game's wiring imports this
// package; the internal tests share the binary).
import _ "github.com/umpire-arena/umpire/harness/allgames/allgamestest"
