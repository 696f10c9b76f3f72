package certify

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/agent"
	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/game"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// driver is certify's one door to a game's embedded server: both games
// implement it in the same shape (inferenceDriver in inference.go,
// bangarenaDriver in bangarena.go), and the runner knows nothing else of
// either server.
type driver interface {
	// handler is what a connect-mode agent reaches on the loopback
	// listener; shutdown stops the server.
	handler() http.Handler
	shutdown(ctx context.Context) error
	// key is the request key of one of the agent's answers (the link
	// matches answers to requests by it).
	key(answer []byte) string
	// play plays one match with the agent behind l: umpire is the agent's
	// client of the server, passing each request on and each answer back.
	play(ctx context.Context, p Planned, j *judge, l *link) outcome
	// create makes the match of a connect-mode agent in seat p.Seat and
	// returns its id and the seat's token.
	create(p Planned) (id, token string, err error)
	// wait waits for that match's end and fills what the server says of
	// the seat's result into out.
	wait(ctx context.Context, id string, seat int, out *outcome) error
	// judgeConnect judges what the server saw of a connect-mode agent
	// (its timeouts; its replaced answers).
	judgeConnect(p Planned, spec agent.ConnectSpec, j *judge, out *outcome)
}

// Game is what certify knows of one game before any server runs: its
// checks, configuration rules, and how to start its driver. Each game
// hands it to the registry (harness/game) where it is wired
// (harness/<game>/register.go); gameOf adds the game's facts.
type Game struct {
	harness.Facts
	// checks lists the certification checks in report order.
	checks func() []checkDef
	// defaultDeadline is the decision deadline when none is given.
	defaultDeadline time.Duration
	// validate checks the game's part of a Config (seats within the
	// facts' range are checked by the caller).
	validate func(c Config) error
	// decisions bounds the decisions one match can ask of the agent (for
	// the default match budget).
	decisions func(c Config) int
	// config adds the game's settings to a report's configuration.
	config func(c Config, m map[string]any)
	// start starts the embedded server for run r.
	start func(r *runner) (driver, error)
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

// InferenceGame is Inference's part of certify.
func InferenceGame() Game {
	return Game{
		checks:          inferenceChecks,
		defaultDeadline: 10 * time.Second,
		validate: func(c Config) error {
			if c.Rounds < 1 {
				return fmt.Errorf("rounds must be at least 1")
			}
			if c.Mode != "" {
				return fmt.Errorf("--mode is a BangArena role mode; Inference has none")
			}
			for _, k := range c.Adversaries {
				if _, err := infadv.New(k, 0); err != nil {
					return fmt.Errorf("adversary %q: %v", k, err)
				}
			}
			return nil
		},
		// A seat acts at most about twice per round per raiser.
		decisions: func(c Config) int { return c.Rounds * 2 * c.Seats },
		config:    func(c Config, m map[string]any) { m["rounds"] = c.Rounds },
		start: func(r *runner) (driver, error) {
			s, err := infsrv.New(infsrv.Options{StartTimeout: 30 * time.Second, Limits: infsrv.InProcessLimits()})
			if err != nil {
				return nil, err
			}
			return &inferenceDriver{r: r, srv: s}, nil
		},
	}
}

// BangArenaGame is BangArena's part of certify.
func BangArenaGame() Game {
	return Game{
		checks:          bangarenaChecks,
		defaultDeadline: baserver.DefaultDeadline,
		validate: func(c Config) error {
			switch c.Mode {
			case "", "classic", "partners", "impostor", "legacy":
			default:
				return fmt.Errorf("unknown role mode %q (classic, partners, impostor, legacy)", c.Mode)
			}
			kinds := baserver.AdversaryKinds()
			for _, k := range c.Adversaries {
				ok := false
				for _, want := range kinds {
					ok = ok || k == want
				}
				if !ok {
					return fmt.Errorf("unknown adversary %q (known: %s)", k, strings.Join(kinds, ", "))
				}
			}
			return nil
		},
		// A silent agent falls back after MaxTimeouts.
		decisions: func(c Config) int { return c.MaxTimeouts * 40 },
		config: func(c Config, m map[string]any) {
			mode := c.Mode
			if mode == "" {
				mode = "classic"
			}
			m["mode"] = mode
			if c.MaxDecisions > 0 {
				m["max_decisions"] = c.MaxDecisions
			}
		},
		start: func(r *runner) (driver, error) {
			s, err := baserver.New(baserver.InProcessOptions(baserver.Options{Deadline: r.cfg.Deadline, MaxDecisions: r.cfg.MaxDecisions}))
			if err != nil {
				return nil, err
			}
			return &bangarenaDriver{r: r, srv: s, h: s.Handler()}, nil
		},
	}
}
