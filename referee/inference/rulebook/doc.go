// Package rulebook is Inference's part of umpire's rule catalogue: its rules
// (the inference-0.4 document's, the match log's pinned in WIRE.md, its
// agents' and its servers'), the statement map of inference-0.4, the clauses
// a finding may rest on besides its rule's basis, and the rules only a whole
// log shows. Book hands them to package rules, which assembles the
// catalogue (referee/rules/games.go).
//
// The package imports referee/rules/def and the standard library only, so
// that the engine and package rules can both import it. It is pure: no I/O,
// no package-level mutable state.
package rulebook
