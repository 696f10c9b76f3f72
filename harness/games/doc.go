// Package games wires each game umpire knows: one file per game
// (inference.go, bangarena.go) builds its descriptor (Game: the embedded
// server and its faults and dialects, the scripted adversaries, the
// conformance and certify checks, the log verifier, sample logs) and, in
// an init, hands the registry (harness/game) that descriptor and every
// mode's part of the game (probe.Suite, certify.Game, proxy.Side). The
// game's facts are registered by package harness (harness/<game>.go).
//
// Importing this package registers every game: only cmd/umpire,
// harness/selftest, specs and the manifest generator do; the packages it
// wires (probe, certify, proxy, server/*, referee) never do, so no import
// cycle can form. All and Lookup read the registry; nothing outside the
// per-game files branches on a game's name (branches_test.go).
package games
