// Package bangarena holds umpire's scripted BangArena players and a
// self-play runner. Import it under an alias (the engine package has the
// same name), e.g. baadv "github.com/umpire-arena/umpire/harness/adversaries/bangarena".
//
// A Player is a pure, seeded decision function over a DecisionRequest of
// krug-decision/1: it sees exactly what a seat sees (the observation and its
// legalActions) and answers one actionId, with args when it chooses the
// cards of a discard. New builds one by name: "random" (a uniformly random
// legal item) and "heuristic" (the role-aware rules of thumb of §15).
// Simulate plays a whole match on the referee engine and writes its full
// event log as JSON Lines.
package bangarena
