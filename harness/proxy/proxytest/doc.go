// Package proxytest is what the end-to-end tests of the relay share, as
// net/http/httptest is for handlers: a Rig is an embedded server of one
// game (with faults and dialects on) and the relay (harness/proxy) in
// front of it, on loopback ports; Main builds the example agents once per
// test package; Report, Failing and Dump read what the relay judged.
//
// It names no game. Each game gives its part as a Game (how a match or
// room is made on its server, the connecting agent's environment, the
// example agent that plays it), written beside the game's judge in its
// proxyside test package (harness/<game>/proxyside, an external test
// file): the tests of one game's judging live there, and those of the
// relay's machinery in harness/proxy. The test binary must link the
// registry (harness/allgames), as the relay and the embedded servers are
// found through it.
//
// It is imported by tests only; it imports testing.
package proxytest
