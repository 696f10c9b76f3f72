// Package proxyside is BangArena's part of the relay (harness/proxy):
// Side gives the relay how the game's HTTP requests are classified, its
// judge and its log verifier, and harness/bangarena/register.go hands it
// to the registry; harness/proxy knows the game only through it.
//
// The judge follows each room through its seats' exchanges: the REST
// decision protocol (observe and decision) and MCP, whose decision-request
// and submit tool calls (mcp.go) are read as the REST exchanges they carry
// and judged like them (other MCP traffic is relayed and counted
// inconclusive, the mcp-relayed check). It judges each new
// DecisionRequest (room.go: its schema, one finding per rule and basis;
// the offered legalActions against the referee's,
// harness/bangarena/legaldiff; other seats' hand cards and hidden roles,
// named as the seat's real ones when the relay saw them in that seat's
// own observation) and each decision
// (hygiene, only when asked, the echo of seat and observationVersion, a
// fresh commandId, legality, recovery after a reask) with the server's
// answer (its shape). Deadlines are read on the relay's clock when the
// server's Date agrees with it (timeouts.go, I-BA-X2): a decision past
// deadlineAt is the agent's, a request still open well past it, or a late
// decision accepted, the server's. Each seat's events are decoded once
// (badecode.go: an observation repeats every earlier event), cached
// within the run's live budget. When a room ends its log is fetched and
// verified with the one judge of outcomes (referee/bangarena/verify); a
// server that offers none is judged from the carried seats' streams
// merged (streams.go, verify.VerifyEvidence; I-BA-V10).
//
// The end-to-end tests of this judge live here, in the external test
// package (rig_test.go and the rest): seats play rooms of the embedded
// server, with faults and dialects on, through the relay
// (harness/proxy/proxytest), over REST and MCP, silent, late, bridged to
// the broken example agent. The game's part of that rig is
// proxysidetest.Game (harness/bangarena/proxyside/proxysidetest), which
// harness/proxy's tests of the relay's machinery run over too.
package proxyside
