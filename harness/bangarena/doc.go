// Package bangarena is BangArena's side of the harness: register.go hands
// the registry (harness/game) the game's descriptor (games.Game: the
// embedded server and its faults and dialects, the scripted players, the
// conformance and certify checks, the log verifier, sample logs, the
// engine's self-check) and every mode's part of the game (probe.Suite,
// certify.Game, proxy.Side, the command line's gamecli.Game). Its
// subpackages hold the game's harness pieces: players/ (the scripted
// adversaries), server/ (the embedded reference server), probe/ (the
// conformance checks), certifyside/ (certify's part: its checks, settings
// and the driver that plays the agent under test), proxyside/ (the
// relay's part: its judge of the game's live traffic, proxy.Side) and cli/ (the
// command line's bodies: serve, legal, simulate, example-agent, verify's
// output, the rules legal's and validate's reports cite).
//
// Importing it registers the game; harness/allgames imports every game.
package bangarena
