package probe

import (
	"context"
	"fmt"
	"time"

	basrv "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/game"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// Suite is what this package holds of one game: its checks, its embedded
// reference server, its faults and how a handed-over seat is presented.
// Each game hands it to the registry (harness/game) where it is wired
// (harness/<game>/register.go); the package looks the game up there and
// branches on nothing else. The game's facts are harness.Facts.
type Suite struct {
	checks func() []Check
	// start starts the embedded server with faults and dialects on.
	start func(faults, dialects []string) (*Embedded, error)
	// preflight presents seat's token once (Preflight).
	preflight func(ctx context.Context, t *Target, seat int) error
	// create makes one match or room through the harness extension, as
	// the checks will (Preflight with Create).
	create func(ctx context.Context, t *Target) error
	// faults lists the embedded server's faults with the rule each
	// breaks (the manifest).
	faults func() []FaultRule
}

// FaultRule is one fault of an embedded server and the rule it breaks.
type FaultRule struct{ Name, Rule string }

// CertifyRules is the part of a game naming, by certify check, the agent
// rule it covers (the manifest lists them; certify.CheckRules gives it).
type CertifyRules func() map[string]string

// InferenceSuite is Inference's part of the suite.
func InferenceSuite() Suite {
	return Suite{checks: inferenceChecks, start: startInference, preflight: preflightMatch, create: preflightCreateMatch,
		faults: func() []FaultRule {
			var out []FaultRule
			for _, f := range infsrv.Faults() {
				out = append(out, FaultRule{string(f.Name), f.Rule})
			}
			return out
		}}
}

// BangArenaSuite is BangArena's part of the suite.
func BangArenaSuite() Suite {
	return Suite{checks: bangarenaChecks, start: startBangArena, preflight: preflightRoom, create: preflightCreateRoom,
		faults: func() []FaultRule {
			var out []FaultRule
			for _, f := range basrv.FaultList() {
				out = append(out, FaultRule{string(f.Name), f.Rule})
			}
			return out
		}}
}

// suiteOf returns game's part; an unknown game is a configuration error.
func suiteOf(name string) (Suite, error) {
	s, err := game.PartOf[Suite](name)
	if err != nil {
		return Suite{}, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return s, nil
}

// startInference starts the embedded Inference server.
func startInference(faults, dialects []string) (*Embedded, error) {
	if len(dialects) > 0 {
		return StartEmbeddedInference(dialects, faults)
	}
	s, err := infsrv.New(infsrv.Options{Faults: kinded[infsrv.Fault](faults), StartTimeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	return startLoopback(s, s.Shutdown)
}

// startBangArena starts the embedded BangArena server.
func startBangArena(faults, dialects []string) (*Embedded, error) {
	s, err := basrv.New(basrv.Options{Faults: kinded[basrv.Fault](faults), Dialects: kinded[basrv.Dialect](dialects)})
	if err != nil {
		return nil, err
	}
	return startLoopback(s.Handler(), s.Shutdown)
}

// kinded turns plain names into a server's named kind.
func kinded[K ~string](names []string) []K {
	out := make([]K, len(names))
	for i, n := range names {
		out[i] = K(n)
	}
	return out
}
