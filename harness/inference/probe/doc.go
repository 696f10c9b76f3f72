// Package probe holds Inference's conformance checks: the functions of a
// live server (harness/conform.Check) that play matches over the WebSocket
// of WIRE.md, validate every message, judge the match through the log
// verifier and the seats' streams (referee/inference/judge), follow each
// seat's visible_state, and probe illegal moves, the raise cap, timeouts,
// tokens, compression and the defaults.
//
// Suite is the game's part of harness/conform, handed to the registry by
// harness/inference; the mode knows the game only through it.
package probe
