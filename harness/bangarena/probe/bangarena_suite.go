package probe

import (
	"context"

	basrv "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/conform"
)

// Suite is BangArena's part of the suite.
func Suite() conform.Suite {
	return conform.Suite{Checks: bangarenaChecks, Start: startBangArena, Preflight: preflightRoom, Create: preflightCreateRoom, HandOver: handOver,
		Faults: func() []conform.FaultRule {
			var out []conform.FaultRule
			for _, f := range basrv.FaultList() {
				out = append(out, conform.FaultRule{Name: string(f.Name), Rule: f.Rule})
			}
			return out
		}}
}

// startBangArena starts the embedded BangArena server.
func startBangArena(faults, dialects []string) (*conform.Embedded, error) {
	s, err := basrv.New(basrv.Options{Faults: conform.Kinded[basrv.Fault](faults), Dialects: conform.Kinded[basrv.Dialect](dialects)})
	if err != nil {
		return nil, err
	}
	return conform.StartLoopback(s.Handler(), s.Shutdown)
}

// Keys of the values a BangArena run keeps on its Target.
const (
	steerKey = "bangarena/steer"
	planKey  = "bangarena/plan"
)

// baSteerState is the session's record of the rare situations reached.
func baSteerState(t *conform.Target) *baSteer {
	return t.Value(steerKey, func() any { return newBaSteer() }).(*baSteer)
}

// givenPlan is the session plan given before any check runs (givePlan);
// nil when none was: the run steers for itself.
func givenPlan(t *conform.Target) ([]baRoomPlan, bool) {
	v, ok := t.GivenValue(planKey)
	if !ok {
		return nil, false
	}
	return v.([]baRoomPlan), true
}

// givePlan hands a validated target the session plan of its rooms (the
// tests' fault matrix steers once for all its suites, whose targets differ
// only in the server).
func givePlan(t *conform.Target, plan []baRoomPlan) { t.SetValue(planKey, plan) }

// handOver makes a room on maker's server through the harness extension
// and returns the target that plays it as handed over.
func handOver(ctx context.Context, maker *conform.Target, seed string) (*conform.Target, error) {
	r, err := baCreate(ctx, maker, seed)
	if err != nil {
		return nil, err
	}
	return &conform.Target{Game: maker.Game, URL: maker.URL, Match: r.id, Seats: r.tokens, Seed: r.seed}, nil
}
