// Package rules is umpire's rule catalogue and the vocabulary every check
// speaks: rule ids, levels, findings and typed rule errors.
//
// A rule id has the form "game/section.slug" (for example
// "inference/round.3.raise-cap" or "bangarena/4.distance"). Ids are names,
// never positions: adding a rule never renumbers another. Each rule is
// listed exactly once in the catalogue with its level (MUST, SHOULD or INFO),
// the section of the rules document it comes from, and a one-line paraphrase
// in umpire's own words.
//
// The package is pure: standard library only, no I/O.
package rules
