// Package gametest holds the invariants every registered game must hold,
// run through the game's descriptor only (games.Game), as testing/fstest
// runs a file system's: TestGame(t, g) over every game of games.All().
//
// What a game must hold, whatever it is:
//   - its facts are consistent (seats, names, rules versions);
//   - every rule its checks, its certify checks and its log verifier name
//     is a rule of its own in the catalogue, and every fault of its
//     embedded server breaks one of its own rules (the fault matrix in
//     harness/<game>/probe proves each is caught by that rule);
//   - its dialects parse, and an unknown one is refused;
//   - its engine's self-play holds the engine's invariants at every
//     decision: legal lists well formed and applicable, only the decider
//     offered a move, views that leak nothing (SelfCheck);
//   - its logs round-trip: every line of a self-played log is valid
//     against the game's schemas;
//   - its judge accepts self-play (no MUST or SHOULD finding, something
//     judged) and catches a log cut short.
package gametest
