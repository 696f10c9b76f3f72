// Package allgamestest registers every game, as harness/allgames does,
// with each game's parts for the tests of the modes: the proxy's
// (harness/<game>/proxyside/proxysidetest, found by proxytest.Games). It
// is the one list of those parts, one import line per game that gives
// one; a game without one is left out of the relay's end-to-end tests
// and benchmarks, not failed. Only tests import it.
package allgamestest

import (
	// Every game, then each game's test parts.
	_ "github.com/umpire-arena/umpire/harness/allgames"
	_ "github.com/umpire-arena/umpire/harness/bangarena/proxyside/proxysidetest"
	_ "github.com/umpire-arena/umpire/harness/inference/proxyside/proxysidetest"
)
