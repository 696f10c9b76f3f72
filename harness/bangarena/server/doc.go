// Package server is umpire's embedded reference server for BangArena
// (rules krug_rules@0.1.0, protocol krug-decision/1): the REST decision
// protocol of §12 of the rules, the same operations as MCP tools at POST /mcp
// (the official Go SDK, streamable HTTP), the harness extensions of WIRE.md
// (POST /api/ai/rooms, GET /api/ai/rooms/{roomId}/log), and faults on demand
// for testing the conformance suite.
//
// Importers alias it, e.g. baserver "…/harness/bangarena/server", since the
// referee package has the same name.
//
// # Rooms
//
// A Server holds many rooms. Each room is one match of the referee
// (referee/bangarena) driven by its own goroutine: the goroutine plays the
// seats not taken by an agent with scripted players, opens each agent
// decision with a deadline and applies the engine's default answer (§14)
// when the deadline passes. HTTP handlers never wait for a room: they lock
// it, answer from its state and return, so a client that vanishes leaves
// nothing behind. Time comes from a Clock, so tests drive deadlines with a
// FakeClock instead of sleeping.
//
// A client in the same process (umpire certify) need not poll observe:
// WaitDecision blocks until a seat has its next decision or the match is
// over. It is not part of the wire. The hot answers (observe's request, a
// decision's answer) are written without reflection, byte for byte what
// encoding/json would write.
//
// # Endpoints
//
//	GET  /api/arena/rules                       rules summary (ids and our catalogue)
//	POST /api/ai/rooms                          {seats, roleMode, seed, deadlineMs, agents, adversaries?, policy?}
//	GET  /api/ai/rooms/{roomId}                 room status (harness extension of this server)
//	GET  /api/ai/rooms/{roomId}/observe?seat=N  DecisionRequest (+ legal_mask)
//	POST /api/ai/rooms/{roomId}/decision        {seat, actionId, commandId, observationVersion|basedOnVersion, args?}
//	GET  /api/ai/rooms/{roomId}/log             the engine's full event log as JSON Lines (409 not_ended before)
//	POST /mcp                                   MCP tools arena_get_rules, arena_get_observation,
//	                                            arena_list_legal_actions, arena_get_decision_request,
//	                                            arena_submit_decision
//
// The observe and decision endpoints need the seat's token in the header
// x-agent-token: missing or unknown → 401, the token of another seat of the
// room → 403; nothing is applied either way.
//
// # Choices this server makes where the contract leaves room
//
// They are recorded in referee/INTERPRETATIONS.md as I-BA-60 to I-BA-66.
//
//   - legal_mask is an exact alias of legalActions: the same list of items
//     (the shape the schemas package pins), not a bit mask.
//   - With no decision pending for the seat (not its turn, the pause before a
//     decision opens, or the match over), observe answers 200 with an empty
//     legalActions, decisionId null and deadlineAt null.
//   - A decision body must carry observationVersion or basedOnVersion (the
//     schemas package requires one); a body without either is malformed (422).
//     A version other than the current one is stale: 409 stale_version,
//     retryable.
//   - Policies per agent seat: reask_then_random (the default: the first
//     illegal answer of a decision gets 400 with reask true, the second is
//     replaced by a random legal item, 200 with random, replacedBy and
//     requestedActionId), random (every illegal answer is replaced at once by
//     a random legal item) and skip (an illegal answer is replaced at once by
//     the engine's default answer of §14, 200 with skipped true, replacedBy
//     and requestedActionId). A replaced answer is an accepted answer: it is
//     stored under its commandId.
//   - Only accepted answers are stored for idempotency (per seat and
//     commandId); a repeat returns the stored answer with duplicate true,
//     whatever the state is now.
//   - Bodies are capped at 1 MiB; a larger or malformed body is 422 and never
//     changes state.
//   - The log is the engine's log, which commits to the seed (match_start)
//     but does not reveal it; the log answer reveals the seed and the table
//     config in the headers Umpire-Seed and Umpire-Config, and the room status
//     shows the seed once the match is over.
//
// # Limits
//
// MaxRooms caps the rooms held, MaxDeadline a room's deadlineMs; a room
// with agent seats that no request names for IdleTimeout is force-ended
// (ErrExpired), and an ended room is kept for its log KeepEnded (limits.go).
// The connection layer (timeouts, connections per client, the admin token)
// is package guard's.
//
// # Faults
//
// Options.Faults (or UMPIRE_UNSAFE_FAULTS with the command line flag
// --unsafe-faults) switches on deliberately broken behaviours, each breaking
// one rule or protocol behaviour; see FaultList. They are off by default and
// unknown names are an error.
package server
