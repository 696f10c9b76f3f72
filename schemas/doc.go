// Package schemas embeds umpire's JSON Schemas (draft 2020-12) for every
// message of both games, compiles them once, and validates messages against
// them.
//
// The schema files live beside this package, one per message kind:
// inference/*.json (the WIRE.md envelope, visible_state, legal_actions items,
// every match-log object) and bangarena/*.json (DecisionRequest, PlayerView,
// card objects, every legalActions item per command, events, error bodies,
// decision answers, the rules summary and the MCP tool inputs and outputs).
// Each file has an absolute $id under BaseURL; shared definitions live in a
// defs.json per game and are reached by $ref. Unknown extra fields are
// allowed everywhere, since servers add fields; missing required fields and
// wrong types are violations.
//
// A schema may name the basis of its shape with the keywords "x-basis"
// ("contract" for a pin of WIRE.md, "reading" for an INTERPRETATIONS.md
// entry, "document" to return to the rules' own) and "x-ref" (the pin or the
// entry). Every Violation carries the basis of the innermost annotated
// schema on its path (a missing required property that of the property's
// own schema), so callers grade it: a violation that is not Binding is
// SHOULD unless the run is strict. The keywords assert nothing, cost the
// fast path nothing, and are looked up only for violations.
//
// Schemas are compiled with github.com/santhosh-tekuri/jsonschema/v6, the
// maintained successor of v5 of the same library; it is the reference
// validator and words every violation. In front of it a fast path parses a
// message once into a flat tree and checks it against a copy of the same
// schemas compiled to plain Go checks; only messages the fast path rejects
// (or is not sure how to read) reach the reference validator, which then
// decides and explains. Tests hold the two to the same verdicts.
//
// Compile builds a *Set once; the Set is read-only after that (its only
// mutable part is a pool of parse buffers) and safe for concurrent use, so
// callers keep one and reuse it. Nothing is global.
//
// Typical use:
//
//	set, err := schemas.Compile()
//	...
//	kind, err := schemas.Detect("inference", line)
//	for _, v := range set.Validate("inference", kind, line) {
//		fmt.Println(v) // /players/2/credits: must be >= 0 (minimum)
//	}
//
// Tests that want every message a referee emits to be schema-valid call
// ValidateValue (which marshals a Go value first) and Err:
//
//	if err := schemas.Err(set.ValidateValue("inference", "your_turn", msg)); err != nil {
//		t.Fatal(err)
//	}
package schemas
