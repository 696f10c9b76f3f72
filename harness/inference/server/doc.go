// Package server is umpire's embedded reference server for Inference
// (rules inference-0.4) speaking the envelope of WIRE.md.
//
// A Server holds many matches at once, each run by its own goroutine around
// the referee engine (referee/inference). Seats are played by agents that
// attach over a WebSocket (GET /ws/inference?match=ID&seat=N, one message
// per text frame, token in the first hello), over a JSON Lines stream
// (RunStdio, for agent subprocesses), in-process by a client that passes
// the messages on (RunInProcess, certify's driver: with each message what
// it says, Sent, from the values the server encoded, so the client reads
// none of the bytes the server just wrote), or by scripted players
// (harness/inference/players). The server also answers the harness
// extension POST /api/inference/matches, the match log GET /r/{id}.jsonl and
// the rule catalogue GET /rules/inference.
//
// Deadlines run on the server's Clock; a timeout is played by the engine
// (strikes, sit-outs, back_in_round). A slow client never blocks its match:
// every connection has a bounded send queue and is dropped when it cannot
// keep up, after which its seat times out as a silent one would. What a
// match sends a connection before it next waits (the events of the scripted
// moves, then your_turn) is handed over as one burst: a JSON Lines stream
// gets it in a single Write, a WebSocket one frame per message.
//
// Faults (Options.Faults) make the server break one named rule on purpose,
// to test the conformance suite. They are off unless listed explicitly.
// Dialects (Options.Dialects) are the opposite: legitimate choices another
// correct server could make where the rules documents are silent (its own
// error codes, extra fields, another order, no match log, …), rewritten on
// the way out, so that a test can prove the suite passes such a server.
//
// Limits (Options.Limits, limits.go) bound every match and what the server
// holds, so that it can be exposed on a network: rounds, deadline, credits
// and ante of one match, matches running at once; a match no agent speaks
// in for IdleTimeout ends (ErrExpired) and a silent WebSocket is closed;
// finished matches are kept for their logs a bounded time and count. A
// request beyond a bound gets a LimitError naming it. The connection layer
// (timeouts, connections per client, the admin token) is package guard's.
//
// Importers usually alias the package, e.g. infsrv
// "…/harness/inference/server", since the referee package has the same name.
package server
