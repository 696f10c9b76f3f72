package probe

import (
	"time"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// InferenceSuite is Inference's part of the suite.
func InferenceSuite() Suite {
	return Suite{Checks: inferenceChecks, Start: startInference, Preflight: preflightMatch, Create: preflightCreateMatch,
		Faults: func() []FaultRule {
			var out []FaultRule
			for _, f := range infsrv.Faults() {
				out = append(out, FaultRule{string(f.Name), f.Rule})
			}
			return out
		}}
}

// startInference starts the embedded Inference server.
func startInference(faults, dialects []string) (*Embedded, error) {
	if len(dialects) > 0 {
		return StartEmbeddedInference(dialects, faults)
	}
	s, err := infsrv.New(infsrv.Options{Faults: Kinded[infsrv.Fault](faults), StartTimeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	return StartLoopback(s, s.Shutdown)
}

// StartEmbeddedInference starts umpire's Inference reference server on
// 127.0.0.1 speaking the named dialects (legitimate alternative choices
// where the rules documents are silent, see infsrv.Dialect) with the named
// faults switched on. Close stops it.
func StartEmbeddedInference(dialects, faults []string) (*Embedded, error) {
	fs := make([]infsrv.Fault, len(faults))
	for i, f := range faults {
		fs[i] = infsrv.Fault(f)
	}
	ds := make([]infsrv.Dialect, len(dialects))
	for i, d := range dialects {
		ds[i] = infsrv.Dialect(d)
	}
	s, err := infsrv.New(infsrv.Options{Faults: fs, Dialects: ds, StartTimeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	return StartLoopback(s, s.Shutdown)
}
