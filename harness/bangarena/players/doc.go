// Package players holds umpire's scripted BangArena players and a
// self-play runner. Importers alias it, e.g. baadv "github.com/umpire-arena/umpire/harness/bangarena/players".
//
// A Player is a pure, seeded decision function over a DecisionRequest of
// krug-decision/1: it sees exactly what a seat sees (the observation and its
// legalActions) and answers one actionId, with args when it chooses the
// cards of a discard. New builds one by name: "random" (a uniformly random
// legal item) and "heuristic" (the role-aware rules of thumb of §15).
// Both are DeltaPlayers: they can also follow a match through requests
// carrying only the events new since the seat's previous one
// (Game.RequestSince), and the heuristic keeps a running tally of attacks,
// so a decision costs the same early and late in a match. Simulate plays a
// whole match on the referee engine that way and writes its full event log
// as JSON Lines.
package players
