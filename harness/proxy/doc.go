// Package proxy is umpire's transparent relay between real agents and a
// real server ("umpire proxy"): agents connect to it exactly as they would
// to the server (same paths, same tokens; the Inference WebSocket, the
// BangArena REST decision protocol and MCP, whose decision-request and
// submit tool calls are judged like their REST twins), it forwards every
// message both ways unchanged and judges what it sees, live, per match and
// per seat.
//
// The server's side: every message is schema-checked, the legal actions of
// each decision are re-derived from that seat's own observation and compared
// (the same comparisons as the conformance suite, harness/probe), other
// seats' hidden information in a seat's stream is a leak (the relay knows
// each seat it carries, so it also says when a leaked value is that seat's
// real one), and at the end of a match the public log the server offers is
// fetched and run through the verifier (referee/verify).
//
// The agents' side: each answer is legal for the request it answers, echoes
// it (turn, observationVersion, seat), uses a fresh commandId, keeps its
// table talk within bounds, comes in time and only when asked (the agent
// rules of referee/rules).
//
// A partial view is normal: a seat that does not pass through the relay is
// unknown, not wrong, and what the relay could not see (an undecided
// command, a body over the size cap, a log the server does not offer) is
// counted inconclusive and reported as such, never as passed.
//
// The relay never alters traffic: WebSocket messages are forwarded as
// received (same type, same bytes), HTTP requests and answers as received
// (hop-by-hop headers aside). Judging happens on one queue per match, off
// the relaying path: a message is queued before it is passed on, so the
// judge sees each request before the answer it provokes.
// Memory per connection is bounded (a message size cap, a transcript window
// per seat, capped findings per check); a side that breaks closes its peer;
// every wait has a deadline. Tokens never reach a report: transcripts are
// redacted on the way in and the token-to-seat map stays in memory.
package proxy
