// Package rules is umpire's rule catalogue and the vocabulary every check
// speaks: rule ids, levels, findings and typed rule errors.
//
// A rule id has the form "game/section.slug": the game, the section of its
// rules document (or "agent", "server", "protocol", "log" for umpire's own
// areas) and a slug. Ids are names, never positions: adding a rule never
// renumbers another. Each rule is listed exactly once in the catalogue with
// its level (MUST, SHOULD or INFO), the section of the rules document it
// comes from, and a one-line paraphrase in umpire's own words.
//
// A game's part of the catalogue lives beside its engine, in its rulebook
// (referee/<game>/rulebook): its rules, its statement map, the clauses its
// findings may rest on and the rules only a whole log shows, handed over as
// a def.Book. games.go lists the books; it is the one file of this package
// that names a game. The types a rulebook is written in are package def's
// (a leaf), aliased here (Rule is def.Rule) for every caller.
//
// The package is pure: standard library only, no I/O.
package rules
