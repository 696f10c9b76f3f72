package conform

import (
	"context"
	"fmt"

	"github.com/umpire-arena/umpire/harness/game"
)

// Suite is what this package holds of one game: its checks, its embedded
// reference server, its faults and how a handed-over seat is presented.
// Each game hands it to the registry (harness/game) where it is wired
// (harness/<game>/register.go); the package looks the game up there and
// branches on nothing else. The game's facts are harness.Facts.
type Suite struct {
	// Checks lists the game's checks.
	Checks func() []Check
	// Start starts the embedded server with faults and dialects on.
	Start func(faults, dialects []string) (*Embedded, error)
	// Preflight presents seat's token once (Preflight).
	Preflight func(ctx context.Context, t *Target, seat int) error
	// Create makes one match or room through the harness extension, as
	// the checks will (Preflight with Create).
	Create func(ctx context.Context, t *Target) error
	// Faults lists the embedded server's faults with the rule each
	// breaks (the manifest).
	Faults func() []FaultRule
	// HandOver makes one match or room through the harness extension of
	// the target maker (validated, with Create) with seed, and returns
	// the target that plays it as handed over: its id and seat tokens, no
	// Create (the tests play a given match or room with it).
	HandOver func(ctx context.Context, maker *Target, seed string) (*Target, error)
}

// HandOver makes one match or room of t's game through the harness
// extension (t validated, with Create) and returns the target that plays
// it as handed over, not validated.
func HandOver(ctx context.Context, t *Target, seed string) (*Target, error) {
	s, err := suiteOf(t.Game)
	if err != nil {
		return nil, err
	}
	if s.HandOver == nil {
		return nil, fmt.Errorf("%w: %s hands over no match", ErrConfig, t.Game)
	}
	return s.HandOver(ctx, t, seed)
}

// FaultRule is one fault of an embedded server and the rule it breaks.
type FaultRule struct{ Name, Rule string }

// CertifyRules is the part of a game naming, by certify check, the agent
// rule it covers (the manifest lists them; certify.CheckRules gives it).
type CertifyRules func() map[string]string

// VerifyRules is the part of a game naming the rules its log verifier
// evaluates (the manifest lists them under the check "verify"; the
// descriptor's VerifyRules gives it).
type VerifyRules func() []string

// suiteOf returns game's part; an unknown game is a configuration error.
func suiteOf(name string) (Suite, error) {
	s, err := game.PartOf[Suite](name)
	if err != nil {
		return Suite{}, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return s, nil
}
