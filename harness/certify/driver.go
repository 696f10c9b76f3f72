package certify

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/harness/game"
)

// Driver is certify's one door to a game's embedded server: each game
// implements it where it lives (harness/<game>/certifyside), and the
// runner knows nothing else of any server.
type Driver interface {
	// Handler is what a connect-mode agent reaches on the loopback
	// listener; Shutdown stops the server.
	Handler() http.Handler
	Shutdown(ctx context.Context) error
	// Key is the request key of one of the agent's answers (the link
	// matches answers to requests by it).
	Key(answer []byte) string
	// Play plays one match with the agent behind l: umpire is the agent's
	// client of the server, passing each request on (Link.Ask) and each
	// answer back, and judging what it sees (Judge).
	Play(ctx context.Context, p Planned, j *Judge, l *Link) Outcome
	// Create makes the match of a connect-mode agent in seat p.Seat and
	// returns its id and the seat's token.
	Create(p Planned) (id, token string, err error)
	// Wait waits for that match's end and fills what the server says of
	// the seat's result into out.
	Wait(ctx context.Context, id string, seat int, out *Outcome) error
	// JudgeConnect judges what the server saw of a connect-mode agent
	// (its timeouts; its replaced answers).
	JudgeConnect(p Planned, spec agent.ConnectSpec, j *Judge, out *Outcome)
}

// Outcome is what a game's driver reports about one match.
type Outcome struct {
	Over    bool // the match reached its end
	Rank    int
	Won     bool
	Score   float64
	Role    string
	Misses  int // answers in time by umpire's clock that the server timed out
	MatchID string
	// latencies are the agent's answer times (the runner's, from the link).
	latencies []time.Duration
}

// Game is what certify knows of one game before any server runs: its
// checks, configuration rules, and how to start its driver. Each game
// builds it where it lives (harness/<game>/certifyside) and hands it to the
// registry (harness/game) from its wiring (harness/<game>/register.go);
// gameOf adds the game's facts.
type Game struct {
	harness.Facts
	// Checks lists the certification checks in report order (each with
	// its rule, spelled out so the catalogue tests see it).
	Checks func() []CheckDef
	// DefaultDeadline is the decision deadline when none is given.
	DefaultDeadline time.Duration
	// Validate checks the game's part of a Config (seats within the
	// facts' range are checked by the caller); nil accepts every Config.
	Validate func(c Config) error
	// Decisions bounds the decisions one match can ask of the agent (for
	// the default match budget); nil counts 100.
	Decisions func(c Config) int
	// Settings adds the game's settings to a report's configuration (nil:
	// none).
	Settings func(c Config, m map[string]any)
	// Start starts the embedded server for a run of c (c has its
	// defaults); nil when certify cannot play the game (a run is refused).
	Start func(c Config) (Driver, error)
}

// gameOf returns the game named name with its facts; false when certify
// does not drive it.
func gameOf(name string) (Game, bool) {
	r, ok := game.Lookup(name)
	if !ok {
		return Game{}, false
	}
	g, ok := game.Part[Game](r)
	g.Facts = r.Facts()
	return g, ok
}

// validate is g.Validate, nil accepting every Config.
func (g Game) validate(c Config) error {
	if g.Validate == nil {
		return nil
	}
	return g.Validate(c)
}

// decisions is g.Decisions, 100 when nil.
func (g Game) decisions(c Config) int {
	if g.Decisions == nil {
		return 100
	}
	return g.Decisions(c)
}

// start starts g's driver.
func (g Game) start(c Config) (Driver, error) {
	if err := g.playable(); err != nil {
		return nil, err
	}
	return g.Start(c)
}

// playable is the configuration error of a game certify cannot play (it
// gives no driver); nil when it can.
func (g Game) playable() error {
	if g.Start == nil {
		return fmt.Errorf("%w: certify cannot play %s (the game gives no driver)", ErrConfig, g.Name)
	}
	return nil
}
