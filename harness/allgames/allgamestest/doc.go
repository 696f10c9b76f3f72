// Package allgamestest registers every game, as harness/allgames does,
// with each game's parts for the tests of the modes: the proxy's
// (harness/<game>/proxyside/proxysidetest, found by proxytest.Games). It
// is the one list of those parts, one import line per game that gives
// one; a game without one is left out of the relay's end-to-end tests
// and benchmarks, not failed. Only tests import it.
package allgamestest
