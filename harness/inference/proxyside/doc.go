// Package proxyside is Inference's part of the relay (harness/proxy):
// Side gives the relay the game's WebSocket path, its judge and its log
// verifier, and harness/inference/register.go hands it to the registry;
// harness/proxy knows the game only through it.
//
// The judge follows each relayed connection (conn.go: its match and seat
// from the URL or the agent's hello) and judges, per match and seat, the
// server's messages (match.go: schemas, one finding per rule and basis;
// the legal_actions of a your_turn against the referee's derivation from
// the visible_state and the round's events, to_call included; other
// seats' hidden values and deal_private events, named as the seat's real
// ones when the relay saw them on that seat's own stream; the
// deal_private events a seat is owed; the seed commitment) and the
// agents' (agent.go: hygiene, only when asked, the echo of match_id and
// turn, legality with the engine's NotOffered, recovery after an error,
// table talk's length, answers in time). Deadlines are timed where the
// relay stands (timeouts.go, I-INF-X2): a seat whose turn the server timed
// out without a legal move from it is the agent's answer-in-time finding;
// a timeout before the announced deadline, one despite a legal move that
// came in time, a late move applied, or a default action other than the
// rules' (call when nothing is owed, fold otherwise) is the server's. At
// the end of a match its public log is fetched and verified
// (referee/inference/verify); a server that offers none is judged from
// the streams of the seats the relay carried (streams.go), merged by the
// one judge (referee/inference/judge.Gathered), each seat's stream kept
// within a cap and the run's live budget. A server message is read with
// the one readers of referee/inference/wire (the envelope, its event, its
// visible_state through wire.ReadView: a check unknown when a field it
// needs cannot be read), and an event the server sends every seat is read
// once (read.go).
//
// The end-to-end tests of this judge live here, in the external test
// package (rig_test.go and the rest): seats play matches of the embedded
// server, with faults and dialects on, or of a scripted one, through the
// relay (harness/proxy/proxytest): silent, bridged to the broken example
// agent, timed out against a move. The game's part of that rig is
// proxysidetest.Game (harness/inference/proxyside/proxysidetest), which
// harness/proxy's tests of the relay's machinery run over too.
package proxyside
