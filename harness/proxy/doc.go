// Package proxy is umpire's transparent relay between real agents and a
// real server ("umpire proxy"): agents connect to it exactly as they would
// to the server (same paths, same tokens), it forwards every message both
// ways unchanged, and each game's judge judges what it sees, live, per
// match and per seat.
//
// The package is the relay and knows no game. A game gives its part from
// its own folder (harness/<game>/proxyside, wired in
// harness/<game>/register.go): a Side, which says whether its seats speak
// over a WebSocket (Side.WS) or HTTP (Side.Classify), how a run's judge of
// it is made (Side.Judge) and how its match log is verified
// (Side.VerifyLog). The judge follows the game's traffic with what the
// relay gives it, a Host: each match's record (Match: its checks'
// tallies, findings and the transcript windows, schema validation with the
// match's memo, the lock that guards the match and the judge's state of
// it), the per-match judge queue (Enqueue), the end-of-match work
// (Background, VerifyLog, Finish), the run's budget of live bytes
// (Match.Take, Give) and the options. The relay calls the judge with each
// whole WebSocket message of a connection (ConnJudges, ConnJudge) or each
// finished HTTP exchange (ExchangeJudge), and adds the judge's relay-wide
// checks (Judge.Checks) to the report. A game without a live judge gives
// Side{}: its traffic is relayed unjudged.
//
// What the judges check, the games' proxyside packages say: on the
// server's side, schemas, the legal actions re-derived from each seat's
// own observation, other seats' hidden information, deadlines and default
// actions, and at the end of a match the public log the server offers
// fetched and run through the game's verifier (or, when it offers none,
// the streams of the seats the relay carried merged by the game's one
// judge); on the agents' side, legal, echoing, fresh, timely answers only
// when asked (the agent rules of referee/rules).
//
// A partial view is normal: a seat that does not pass through the relay is
// unknown, not wrong, and what the relay could not see (an undecided
// command, a body over the size cap, a log the server does not offer) is
// counted inconclusive and reported as such, never as passed.
//
// The relay never alters traffic. A game's WebSocket is a byte tunnel
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
// relay-capacity check errs), the recent messages of running matches and
// what the judges keep of them (Options.WindowBytes, Match.Take) and the
// findings' transcripts (Options.TranscriptBytes); a side that breaks
// closes its peer with a close frame; every wait has a deadline. A match
// whose connections all closed before its end waits ReconnectGrace for one
// to reopen. Tokens never reach a report: transcripts are redacted on the
// way in and the token-to-seat map stays in memory. A finding carries its
// seat's transcript around it: the messages before it and the few after.
//
// Its tests are of the relay's machinery (the tunnel, frames, queues,
// budgets, pools, TLS, memory, reconnections, transparency, benchmarks),
// run over every game that gives its part of the test rig
// (harness/proxy/proxytest: proxytest.Games, each game's part in
// harness/<game>/proxyside/proxysidetest, linked by
// harness/allgames/allgamestest) where they can; those that script one
// game's wire (a fake WebSocket server speaking Inference, a permissive
// BangArena server) name it. A test of one game's judging lives beside
// the judge, in harness/<game>/proxyside.
package proxy
