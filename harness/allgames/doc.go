// Package allgames registers every game umpire knows: importing it runs
// each game's registration (harness/<game>/register.go). It is the one
// list of the games' registrations, one import line per game; adding a
// game adds its line here. Two more lists of one line per game remain,
// each on its own side of a line the registry cannot cross: the pure
// catalogue assembles the rulebooks in referee/rules/games.go (the referee
// imports no harness package), and the relay's test rig lists the games'
// test parts in harness/allgames/allgamestest (test code stays out of the
// binary). Only the binary and what
// stands for it in tests (cmd/umpire, harness/selftest, specs, the
// manifest generator, allgamestest) import it; the modes find games
// through the registry (harness/game, harness/games).
package allgames
