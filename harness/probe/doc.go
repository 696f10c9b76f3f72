// Package probe is umpire's server conformance suite as plain Go functions:
// checks that drive or observe a live Inference or BangArena server and
// return what they found, for the Ginkgo specs of specs/ and for
// "umpire conform" alike.
//
// A Target describes the server under test (URL, match or room, seat tokens,
// whether it offers the harness extension of WIRE.md so the suite may create
// its own matches and rooms, its deadlines and declared capabilities). A
// Check is a named function with the rule ids it covers and a timeout; Run
// carries one check out and turns its Result into a reports.Check. Checks
// never hang: every network call is bounded by the check's context, and a
// check that cannot be carried out (the target does not answer, the config
// does not allow it) ends in Error or Skip with a reason, never in Pass.
//
// Verdicts: a check with a MUST finding fails; SHOULD and INFO findings are
// reported but do not fail the run; a check umpire could not carry out is an
// Error (the tester broke or the target did not answer in time), kept apart
// from Fail (the target departs from a rule).
//
// Several checks observe the same played session (schema validation, the
// legal-action cross-check, hidden information and outcomes); the session is
// played once per Target and shared. Probes that need their own match (illegal
// moves, timeouts, reask, idempotency) create it through the harness
// extension; without it they are skipped with a reason.
//
// Rare situations are reached by the decisions of the suite's own seats, on
// any server (bangarena_decide.go; the Inference split-pot and all-in
// probes): the suite plays on — more rooms, more rounds, BangArena's side
// by side (bangarena_steer_playon.go) — until they arise and are judged or
// Target.Budget is spent, and reports every rule left unexercised with
// why. Choosing seeds by simulation (bangarena_steer.go) is only an
// optimisation, for a server that declares umpire's generator.
//
// StartEmbedded starts umpire's reference server in-process (optionally with
// faults switched on) so the suite can be run against it.
package probe
