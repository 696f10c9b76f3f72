package probe

import basrv "github.com/umpire-arena/umpire/harness/bangarena/server"

// BangArenaSuite is BangArena's part of the suite.
func BangArenaSuite() Suite {
	return Suite{Checks: bangarenaChecks, Start: startBangArena, Preflight: preflightRoom, Create: preflightCreateRoom,
		Faults: func() []FaultRule {
			var out []FaultRule
			for _, f := range basrv.FaultList() {
				out = append(out, FaultRule{string(f.Name), f.Rule})
			}
			return out
		}}
}

// startBangArena starts the embedded BangArena server.
func startBangArena(faults, dialects []string) (*Embedded, error) {
	s, err := basrv.New(basrv.Options{Faults: Kinded[basrv.Fault](faults), Dialects: Kinded[basrv.Dialect](dialects)})
	if err != nil {
		return nil, err
	}
	return StartLoopback(s.Handler(), s.Shutdown)
}

// Keys of the values a BangArena run keeps on its Target.
const (
	steerKey = "bangarena/steer"
	planKey  = "bangarena/plan"
)

// baSteerState is the session's record of the rare situations reached.
func baSteerState(t *Target) *baSteer {
	return t.Value(steerKey, func() any { return newBaSteer() }).(*baSteer)
}

// givenPlan is the session plan given before any check runs (givePlan);
// nil when none was: the run steers for itself.
func givenPlan(t *Target) ([]baRoomPlan, bool) {
	v, ok := t.GivenValue(planKey)
	if !ok {
		return nil, false
	}
	return v.([]baRoomPlan), true
}

// givePlan hands a validated target the session plan of its rooms (the
// tests' fault matrix steers once for all its suites, whose targets differ
// only in the server).
func givePlan(t *Target, plan []baRoomPlan) { t.SetValue(planKey, plan) }
