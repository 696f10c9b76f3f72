// Package conform is umpire's server conformance mode as plain Go
// functions: it runs the checks of a game, each of which drives or observes
// a live server and returns what it found, for the Ginkgo specs of specs/
// and for "umpire conform" alike. It knows a game only through the part the
// game registers (Suite, harness/game); the checks themselves live with
// their game, in harness/<game>/probe, and use this package's Target,
// Check, Result and helpers.
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
// any server (harness/bangarena/probe/bangarena_decide.go; the Inference
// split-pot and all-in probes): the suite plays on — more rooms, more
// rounds — until they arise and are judged or Target.Budget is spent, and
// reports every rule left unexercised with why.
//
// The tests of the games' checks share harness/conform/conformtest: the
// pool of suites, the suite against the embedded server, the fault matrix.
//
// StartEmbedded starts umpire's reference server in-process (optionally with
// faults switched on) so the suite can be run against it.
package conform
