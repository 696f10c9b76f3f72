// Package games is the command line's view of a game: the descriptor Game
// (the embedded server and its faults and dialects, the scripted players,
// the conformance and certify checks, the log verifier, sample logs, the
// engine's self-check) and All and Lookup, which read the registry
// (harness/game). Each game builds its descriptor in its own folder
// (harness/<game>/register.go) and, in an init, hands the registry that
// descriptor and every mode's part of the game (probe.Suite,
// certify.Game from harness/<game>/certifyside, proxy.Side, and the
// command line's bodies, gamecli.Game from harness/<game>/cli). The facts
// of Inference and BangArena are registered by package harness
// (harness/<game>.go, beside the name constants every package uses); a
// game whose name no other package spells registers its facts in its own
// register.go (game.Register).
//
// This package registers nothing itself: harness/allgames imports every
// game. Only cmd/umpire, harness/selftest, specs and the manifest
// generator import allgames (and the tests of certify, proxy and conform,
// through an external test file); the packages a game wires (probe, certify,
// proxy, <game>/server, referee) never do, so no import cycle can form. Nothing
// outside the per-game files branches on a game's name (branches_test.go).
package games
