// Package inference is Inference's side of the harness: register.go hands
// the registry (harness/game) the game's descriptor (games.Game: the
// embedded server and its faults and dialects, the scripted players, the
// conformance and certify checks, the log verifier, sample logs, the
// engine's self-check) and every mode's part of the game (probe.Suite,
// certify.Game, proxy.Side). Its subpackages hold the game's harness
// pieces: players/ (the scripted adversaries) and server/ (the embedded
// reference server).
//
// Importing it registers the game; harness/allgames imports every game.
package inference
