// Package def holds the vocabulary a game's rulebook is written in: the
// catalogue entry (Rule) with its level, basis, observability and clauses,
// the statement map's entry (Statement), and Book, the one value through
// which a game hands its part of the catalogue to package rules.
//
// Each game keeps its rulebook in referee/<game>/rulebook (its rules, its
// statement map, its clause and log-only lists), importing this package and
// the standard library only; package rules assembles the books in one file
// (games.go) and re-exports these types under their old names (rules.Rule is
// def.Rule), so that nothing that speaks of rules needs to know of def.
//
// The package is a leaf: standard library only, no I/O, no package-level
// mutable state.
package def
