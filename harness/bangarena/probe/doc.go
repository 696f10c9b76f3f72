// Package probe holds BangArena's conformance checks: the functions of a
// live server (harness/conform.Check) that create and observe rooms through
// the REST surface, the MCP tools and the harness extension, judge every
// room through the one judge of outcomes (referee/bangarena/judge; a room
// of which the suite holds some seats only and has no log, from those
// seats' streams merged, bangarena_seats_partial.go) and
// compare every legal list with the engine's, probe the protocol (reask,
// idempotency, stale versions, tokens, deadlines) and the hidden
// information, and steer the seats' own decisions toward the rare
// situations (bangarena_decide.go, bangarena_steer_playon.go; choosing
// seeds by simulation, bangarena_steer.go, is only an optimisation for a
// server that declares umpire's generator).
//
// What a room keeps of the server's answers is bounded (baRoomKeep, 32
// MiB: the decisions seen, the openings, the answers; past it the room is
// given up with its reason), and its transcript keeps a large exchange as
// its excerpt (reports.MaxMessageBytes), so a server padding its answers
// toward the 8 MiB read cap cannot make the suite's memory grow with them.
//
// Suite is the game's part of harness/conform, handed to the registry by
// harness/bangarena; the mode knows the game only through it.
package probe
