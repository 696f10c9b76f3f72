package probe

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// suites plays the package's Inference suites in its pool: a suite mostly
// waits on deadlines, so each takes one unit.
var suites = &conformtest.Suites{Game: conform.GameInference, Pool: conformtest.NewPool()}

// faultCase is a row of the fault matrix.
type faultCase = conformtest.FaultCase

func TestEmbeddedConforms(t *testing.T) {
	suites.EmbeddedConforms(t, []string{
		"inference/server.auth", "inference/server.bad-message", "inference/illegal.listed-only",
		"inference/wire.legal-actions.call", "inference/wire.legal-actions.fold", "inference/wire.legal-actions.raise",
		"inference/timeouts.sit-out", "inference/round.6.ties",
		// The session's early ramp, the sit-out probe's log replay
		// (short antes and busts depend on how the heuristic seats
		// play, which timing under load can change: not asserted).
		"inference/round.2.ante-ramp", "inference/protocol.strikes-count", "inference/timeouts.last-strike",
	}, nil)
}

// faultTable is the fault→check table: with the fault on, some check fails
// citing rule, and no check fails without citing rule or one of also. The
// cases live in faults_inference_test.go and below.
func faultTable() []faultCase {
	return slices.Concat(inferenceFaultCases(), endpointFaultCases())
}

// faultsAreCaught plays the fault matrix of table with dialects on. The
// embedded Inference server offers fixed values, so its suite never plays
// on: the default budget.
func faultsAreCaught(t *testing.T, table []faultCase, dialects []string) {
	suites.FaultsAreCaught(t, table, dialects, nil)
}

func TestFaultsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	faultsAreCaught(t, faultTable(), nil)
}

func TestFaultTableIsComplete(t *testing.T) {
	var faults []string
	for _, f := range infsrv.Faults() {
		faults = append(faults, string(f.Name))
	}
	conformtest.FaultTableIsComplete(t, conform.GameInference, faultTable(), faults)
}

// endpointFaultCases are the faults of the rules endpoint and the match
// defaults (harness/inference/server/faults_endpoints.go), each with the
// rule the suite must report for it (see faultTable).
func endpointFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameInference, Fault: "no-rules", Rule: "inference/server.rules-served"},
		{Game: conform.GameInference, Fault: "default-rounds-30", Rule: "inference/match.rounds"},
		{Game: conform.GameInference, Fault: "default-deadline-30s", Rule: "inference/timeouts.default-deadline"},
	}
}
