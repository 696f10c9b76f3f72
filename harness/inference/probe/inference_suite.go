package probe

import (
	"context"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// Suite is Inference's part of the suite.
func Suite() conform.Suite {
	return conform.Suite{Checks: inferenceChecks, Start: startInference, Preflight: preflightMatch, Create: preflightCreateMatch, HandOver: handOver,
		Faults: func() []conform.FaultRule {
			var out []conform.FaultRule
			for _, f := range infsrv.Faults() {
				out = append(out, conform.FaultRule{Name: string(f.Name), Rule: f.Rule})
			}
			return out
		}}
}

// startInference starts the embedded Inference server.
func startInference(faults, dialects []string) (*conform.Embedded, error) {
	if len(dialects) > 0 {
		return StartEmbedded(dialects, faults)
	}
	s, err := infsrv.New(infsrv.Options{Faults: conform.Kinded[infsrv.Fault](faults), StartTimeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	return conform.StartLoopback(s, s.Shutdown)
}

// StartEmbedded starts umpire's Inference reference server on
// 127.0.0.1 speaking the named dialects (legitimate alternative choices
// where the rules documents are silent, see infsrv.Dialect) with the named
// faults switched on. Close stops it.
func StartEmbedded(dialects, faults []string) (*conform.Embedded, error) {
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
	return conform.StartLoopback(s, s.Shutdown)
}

// handOver makes a short match on maker's server through the harness
// extension and returns the target that plays it as handed over.
func handOver(ctx context.Context, maker *conform.Target, seed string) (*conform.Target, error) {
	id, toks, err := infCreate(ctx, maker, map[string]any{"seats": 3, "rounds": 3, "deadline_ms": 300, "seed": seed})
	if err != nil {
		return nil, err
	}
	return &conform.Target{Game: maker.Game, URL: maker.URL, Match: id, Seats: toks}, nil
}
