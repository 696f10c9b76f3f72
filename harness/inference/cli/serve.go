package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// serve is "umpire serve --game inference": the embedded Inference server
// with one match; seats not in --agents are played by scripted
// adversaries. It prints the URL, the match id, each agent seat's
// WebSocket URL and token, and the log URL.
func serve() gamecli.Serve {
	return gamecli.Serve{
		Synopsis: "--game inference [--addr 127.0.0.1:7070] [--seats 6] [--rounds 40] [--deadline 10s] " +
			"[--seed S] [--adversaries random,heuristic,...] [--agents 0,3] [--start-timeout D] [--dialect a,b] [--format text|json] [--unsafe-faults] " +
			"[--admin-token T | --open] [--max-matches N] [--max-rounds N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ...",
		Fn: "serveInference",
		Defaults: func(dialects string) gamecli.ServeDefaults {
			return gamecli.ServeDefaults{
				SeatsHelp: "seats at the table, 3–8", Deadline: 10 * time.Second, DeadlineHelp: "turn deadline (deadline_ms)",
				SeedHelp: "seed of the match (default: random, revealed at match end)", Adversaries: "heuristic",
				AdversariesHelp: "scripted kinds for the seats no agent plays, in seat order, cycling: " + strings.Join(infadv.Kinds(), ", "),
				AgentsHelp:      "agent seats, comma-separated (empty: every seat scripted)", FaultsEnv: infsrv.FaultsEnv,
				DialectHelp: "speak these legitimate dialects, comma-separated (choices where the rules are silent): " + dialects,
			}
		},
		ParseAgents: gamecli.ParseSeats,
		Flags: func(fs *flag.FlagSet, lim *gamecli.Limits) gamecli.Server {
			hostLimits(lim, fs)
			return &server{
				lim:          lim,
				rounds:       fs.Int("rounds", 40, "rounds of the match"),
				startTimeout: fs.Duration("start-timeout", 0, "start without the agents that have not said hello after this long (0: wait for all)"),
			}
		},
	}
}

// hostLimits declares the Inference server's bounds and expiry.
func hostLimits(h *gamecli.Limits, fs *flag.FlagSet) {
	h.Running = "max-matches"
	h.MaxRunning = fs.Int("max-matches", infsrv.DefaultMaxMatches, "matches running at once; a creation beyond gets 503")
	h.MaxRounds = fs.Int("max-rounds", infsrv.DefaultMaxRounds, "most rounds a created match may ask")
	h.MaxDeadline = fs.Duration("max-deadline", infsrv.DefaultMaxDeadline, "longest turn deadline a match may ask (--deadline included)")
	h.MaxCredits = fs.Int("max-credits", infsrv.DefaultMaxStartingCredits, "most starting_credits a match may ask")
	h.MaxAnte = fs.Int("max-ante", infsrv.DefaultMaxAnte, "largest ante (and ante ramp step) a match may ask")
	h.Idle = fs.Duration("idle-timeout", infsrv.DefaultIdleTimeout, "end a match no agent has spoken in for this long (none joined, or all silent), and close a silent WebSocket (-1s: never)")
	h.KeepFinished = fs.Duration("keep-finished", infsrv.DefaultKeepFinished, "keep a finished match's log this long (-1s: until --max-finished pushes it out)")
	h.MaxFinished = fs.Int("max-finished", infsrv.DefaultMaxFinished, "finished matches kept at most, the oldest dropped first")
}

// limits are the bounds of the Inference server.
func limits(h *gamecli.Limits) infsrv.Limits {
	return infsrv.Limits{
		MaxMatches: *h.MaxRunning, MaxRounds: *h.MaxRounds, MaxDeadline: *h.MaxDeadline,
		MaxStartingCredits: *h.MaxCredits, MaxAnte: *h.MaxAnte,
		IdleTimeout: gamecli.NegOff(*h.Idle), KeepFinished: gamecli.NegOff(*h.KeepFinished), MaxFinished: *h.MaxFinished,
	}
}

// server is serve's Inference server, its own flags read.
type server struct {
	lim          *gamecli.Limits
	rounds       *int
	startTimeout *time.Duration
}

func (s *server) Rounds() int { return *s.rounds }

func (s *server) Check(e gamecli.Env) bool {
	if *s.startTimeout < 0 {
		fmt.Fprintln(e.Stderr, "umpire: --start-timeout must not be negative")
		return false
	}
	return true
}

func (s *server) Start(e gamecli.Env, m gamecli.Match) (*gamecli.Serving, int) {
	opts := infsrv.Options{Faults: gamecli.Kinded[infsrv.Fault](m.Faults), Dialects: gamecli.Kinded[infsrv.Dialect](m.Dialects), StartTimeout: *s.startTimeout, Limits: limits(s.lim)}
	if *s.startTimeout == 0 {
		opts.StartTimeout = -1 // wait for every agent
	}
	srv, err := infsrv.New(opts)
	if err != nil {
		return gamecli.StartFailed(e, err, nil)
	}
	spec := infsrv.MatchSpec{Seats: m.Seats, Rounds: *s.rounds, DeadlineMS: int(m.Deadline.Milliseconds()), Agents: m.Agents, Adversaries: m.Adversaries}
	if m.Seed != "" {
		seed := m.Seed
		spec.Seed = &seed
	}
	created, err := srv.CreateMatch(spec)
	if err != nil {
		return gamecli.StartFailed(e, err, srv.Shutdown)
	}
	var info ServeInfo
	return &gamecli.Serving{
		Handler: srv, Create: []string{"POST /api/inference/matches"}, Shutdown: srv.Shutdown, GameFirst: true,
		Announce: gamecli.Announce(e, m.Format, &info, func(hostport, token string) ServeInfo {
			return describe(hostport, token, created, srv, m.Seed)
		}),
		Wait: func(ctx context.Context) {
			res, err := srv.Wait(ctx, created.MatchID)
			if err != nil || m.Format != "text" {
				return
			}
			fmt.Fprintf(e.Stdout, "match over after %d rounds (%s):", res.Rounds, res.Reason)
			for _, r := range res.Ranking {
				fmt.Fprintf(e.Stdout, " #%d seat %d (%d)", r.Rank, r.Seat, r.Credits)
			}
			fmt.Fprintf(e.Stdout, "; seed %q; log at %s\n", res.Seed, info.LogURL)
		},
	}, gamecli.ExitOK
}
