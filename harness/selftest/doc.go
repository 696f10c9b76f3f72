// Package selftest runs "umpire selftest", the out-of-the-box demonstration
// of umpire's main jobs on its own embedded defaults: for each game it runs
// the server conformance suite (package probe) against the embedded
// reference server, certifies the bundled example agents (package certify),
// and replays freshly simulated match logs through the shadow referee
// (package verify). Each step writes its reports (package reports) into its
// own directory under the report directory; an overall index.html,
// summary.md and summary.json link them with their verdicts.
//
// # Steps
//
// A Step is a named function that returns a report, is bounded by its own
// timeout, and reports progress. Plan lists the steps of a run in order:
//
//	conform-<game>         the server suite against the embedded server
//	certify-<game>-go      the Go example agent (built once with the go tool)
//	certify-<game>-python  the Python example agent (python3)
//	verify-<game>          simulated match logs, full and (Inference) public
//
// A step that cannot apply on this machine (no go tool on PATH, no python3,
// no source tree holding the example agents) is skipped with its reason:
// a skip never fails the run and is never counted as a pass.
//
// # Budgets
//
// The run has one context: the caller's (Ctrl-C), bounded by Options.Budget.
// Each step runs under its own deadline, and a watchdog abandons a step that
// does not return within a grace period after its deadline, so one stuck
// library call cannot hold the run. Steps left when the run is interrupted
// are recorded as errors with the reason.
//
// # Verdicts
//
// A step's verdict is its report's (pass, fail, error, empty) or skip.
// The run's verdict follows the precedence of package reports: error (exit 3)
// over fail (exit 1, a MUST finding or an empty step) over pass (exit 0).
// A run in which every step was skipped is empty (exit 1).
package selftest
