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
// (the same comparisons as the conformance suite, harness/<game>/probe), other
// seats' hidden information in a seat's stream is a leak (the relay knows
// each seat it carries, so it also says when a leaked value is that seat's
// real one), and at the end of a match the public log the server offers is
// fetched and run through the verifier (referee/inference/verify, referee/bangarena/verify);
// a server that offers none is judged from the streams of the seats the
// relay carried, merged by the game's one judge (referee/inference/judge,
// referee/bangarena/verify.VerifyEvidence; I-BA-V10), each seat's stream
// kept within a cap and the run's live budget.
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
// Deadlines are timed where the relay stands (I-INF-X2): a seat whose turn
// the server timed out without a legal move from it is the agent's
// answer-in-time finding; a timeout before the announced deadline, one
// despite a legal move that came in time, a late move applied, or a default
// action other than the rules' (call when nothing is owed, fold otherwise)
// is the server's.
//
// The relay never alters traffic. The Inference WebSocket is a byte tunnel
// (tunnel.go): after the handshake, forwarded as the agent sent it (only
// the offer of compression withdrawn, so that frames stay readable), the
// bytes pass both ways untouched; each direction reads the frame headers
// as they go by (frame.go) and hands a copy of each whole message to a
// bounded queue of its connection, before passing the message's last bytes
// on, so the judge sees each request before the answer it provokes. The
// connection's judge works through that queue paced by a budget shared by
// all judges (Options.JudgeShare); a message that finds the queue full is
// relayed unjudged and counted (the relay-coverage check is then
// inconclusive), so judging never slows the traffic nor grows memory. HTTP
// requests and answers are forwarded as received (hop-by-hop headers
// aside) and judged on one queue per match.
// Memory per connection is bounded (a message size cap, a judge queue
// bounded in messages and bytes, a transcript window per seat, capped
// findings per check), and so is memory per run: the matches tracked
// (Options.MaxMatches; past it traffic is relayed unjudged and the
// relay-capacity check errs), the seats per room, the recent messages and
// event caches of running matches (Options.WindowBytes) and the findings'
// transcripts (Options.TranscriptBytes); a side that breaks closes its peer with a close
// frame; every wait has a deadline. A match whose connections all closed
// before its end waits ReconnectGrace for one to reopen. Tokens never
// reach a report: transcripts are redacted on the way in and the
// token-to-seat map stays in memory. A finding carries its seat's
// transcript around it: the messages before it and the few after.
package proxy
