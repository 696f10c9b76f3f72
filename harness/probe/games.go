package probe

import (
	"context"
	"fmt"
	"time"

	basrv "github.com/umpire-arena/umpire/harness/server/bangarena"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
)

// suite is what this package holds of one game: its checks, its embedded
// reference server and how a handed-over seat is presented. One entry per
// game (suites); the rest of the package looks the game up and branches
// on nothing else. The game's facts are harness.Facts.
type suite struct {
	checks func() []Check
	// start starts the embedded server with faults and dialects on.
	start func(faults, dialects []string) (*Embedded, error)
	// preflight presents seat's token once (Preflight).
	preflight func(ctx context.Context, t *Target, seat int) error
	// create makes one match or room through the harness extension, as
	// the checks will (Preflight with Create).
	create func(ctx context.Context, t *Target) error
}

// suites lists the games the suite knows, by name.
func suites() map[string]suite {
	return map[string]suite{
		GameInference: {checks: inferenceChecks, start: startInference, preflight: preflightMatch, create: preflightCreateMatch},
		GameBangArena: {checks: bangarenaChecks, start: startBangArena, preflight: preflightRoom, create: preflightCreateRoom},
	}
}

// suiteOf returns game's entry; an unknown game is a configuration error.
func suiteOf(game string) (suite, error) {
	s, ok := suites()[game]
	if !ok {
		return suite{}, fmt.Errorf("%w: game %q", ErrConfig, game)
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
