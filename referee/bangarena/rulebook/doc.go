// Package rulebook is BangArena's part of umpire's rule catalogue: its rules
// (krug_rules@0.1.0's, umpire's readings and wire pins of it, its agents'
// and its servers'), the statement map of krug_rules@0.1.0, the clauses a
// finding may rest on besides its rule's basis, and the rules only a whole
// log shows. Book hands them to package rules, which assembles the
// catalogue (referee/rules/games.go).
//
// The package imports referee/rules/def and the standard library only, so
// that the engine and package rules can both import it. It is pure: no I/O,
// no package-level mutable state.
package rulebook
