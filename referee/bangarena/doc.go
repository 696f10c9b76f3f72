// Package bangarena is umpire's referee for BangArena, rules
// krug_rules@0.1.0 and protocol krug-decision/1: a pure, deterministic game
// engine (standard library only, no I/O, no clocks, no goroutines).
//
// A match is a pure function of its Config, its Chance and the decisions
// applied to it. Chance (chance.go) is the one door every random outcome
// comes through — the deal, reshuffles, Cover coins, cards taken at random
// from a hand, the briefed aide, prayers, the replacement of an illegal
// answer; Seeded(seed) is umpire's generator, and NewGame deals with the
// Seeded chance of its seed (NewGameWith takes another). Decider names the
// seat that must answer, Legal lists that seat's legalActions with the exact
// actionIds of §13, Apply performs one of them (or returns a *rules.Error
// naming the rule that forbids it, leaving the state unchanged), View
// projects the PlayerView of §11 for a seat and Request wraps it in the
// DecisionRequest of §12. Log returns every event, public and private, in
// order; each applied decision is itself recorded as a private "decision"
// event, so Replay can re-simulate a match from (config, seed, log).
//
// LegalFromView re-derives a seat's legalActions from its observation
// alone (for checking a server's list); Clone copies a match with its
// Chance; EncodeLog / DecodeLog write and read the JSON Lines log, ConfigOf
// and DecisionsOf take back what Replay needs; DefaultAction and
// RandomLegal are the timeout and reask fallbacks of §14.
//
// Views are cheap late in a match: each seat's projection of the log is
// kept incrementally and shared read-only by the views (viewcache.go), the
// log itself is stored compactly (stored.go), and DecisionRequest.AppendJSON
// / PlayerView.AppendJSON encode a request to the bytes json.Marshal gives
// without re-scanning every event. EventCount and EventsFrom hand a log
// reader only the events new since its last call.
//
// Where the rules are silent the engine follows the readings recorded in
// referee/INTERPRETATIONS.md; code comments cite them as I-BA-n (and the
// decided readings of the design as READINGS n).
//
// Files follow the rule areas: chance.go (random outcomes, and the plan for
// taking them from what a server shows), deck.go (§5 pack), setup.go (§2, §6
// deal), turn.go (§3), distance.go (§4), cards.go (§5), reactions.go (§7),
// checks.go (§8), characters.go (§6), glory.go (§9), win.go (§10), view.go
// (§11, §12), legal.go (§13), fallback.go (§14), events.go, stored.go,
// eventtail.go and replay.go (the event log), viewcache.go and
// requestjson.go (fast views and their encoding), fromview.go (legality
// from an observation).
package bangarena
