// Package allgames registers every game umpire knows: importing it runs
// each game's registration (harness/<game>/register.go). It is the one
// list of games in the project, one import line per game; adding a game
// adds its line here (its part of the relay's test rig, if it gives one,
// is listed in harness/allgames/allgamestest). Only the binary and what
// stands for it in tests (cmd/umpire, harness/selftest, specs, the
// manifest generator, allgamestest) import it; the modes find games
// through the registry (harness/game, harness/games).
package allgames
