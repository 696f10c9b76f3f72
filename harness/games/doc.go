// Package games is the descriptor of each game umpire knows: one Game
// value per game, filled in one file per game (inference.go, bangarena.go),
// holding what the harness and the command line need of it: its facts
// (harness.Facts: names, rules versions, seats), the embedded server and
// its faults and dialects, the scripted adversaries, the conformance
// checks, the certify checks, the log verifier, sample logs and the
// schema kinds.
//
// Only cmd/umpire, harness/selftest and specs import this package; the
// packages it wires (probe, certify, server/*, referee) never do, so no
// import cycle can form. The game's name is looked up here once (Lookup);
// nothing outside the descriptor files branches on it.
package games
