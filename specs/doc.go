// Package specs holds umpire's Ginkgo v2 suites: server conformance, agent
// conformance and log conformance, per game. Specs are thin: they call
// functions of harness and referee that return findings, and assert on them.
//
// # Server conformance (specs/inference, specs/bangarena)
//
// ServerSuite declares one Ginkgo It per check of a game (harness/<game>/probe, through harness/conform). Each It
// carries the check's rule ids as Labels (with "/" written as ".", since
// Ginkgo labels cannot hold a slash: "inference.illegal.no-consume"), a
// SpecTimeout, and fails only on a MUST finding or when umpire could not
// carry the check out; SHOULD and INFO findings become report entries. A
// check that cannot judge the target is skipped with its reason.
//
// The suites run against the embedded reference server (started in
// BeforeSuite) unless UMPIRE_TARGET names a server; UMPIRE_MATCH,
// UMPIRE_ROOM, UMPIRE_SEATS ("0=tok,1=tok"), UMPIRE_CREATE,
// UMPIRE_DEADLINE_MS and UMPIRE_MCP complete the target, UMPIRE_CONFIG names
// a JSON file holding the rest, and UMPIRE_REPORT_DIR makes ReportAfterSuite
// write umpire's reports (JSON, JUnit, HTML, Markdown) into DIR/<game>:
//
//	go test ./specs/...
//	ginkgo --label-filter 'inference.illegal.no-consume' ./specs/inference
//	UMPIRE_TARGET=http://host:7070 UMPIRE_CREATE=true go test ./specs/bangarena
//
// # Why "umpire conform" does not run these suites itself
//
// The design asks for the specs to run inside the single binary (RunSpecs
// in-process with our own GinkgoTestingT) unless that proves unsound. It
// does: Ginkgo keeps its spec tree and suite state in package-level globals
// filled at package initialisation (var _ = Describe(...)), and RunSpecs
// refuses to run twice in one process, so a binary that runs the suite for
// both games, or a test that calls the command more than once, cannot use
// it; the command would also inherit Ginkgo's global flags and init side
// effects, which the project rules out. So "umpire conform" calls the same
// check list (probe.Checks, probe.Run) directly and serially, and these
// suites wrap that same list: each It records the reports.Check that
// probe.Run returned as a report entry, and ReportAfterSuite rebuilds the
// reports model from them (so a parallel "ginkgo -p" run, whose report is
// merged on process 1, gives the same model). Both paths therefore produce
// the same reports.Report and the same HTML.
package specs
