package cli

import (
	"context"
	"flag"
	"fmt"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/gamecli"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// serve is "umpire serve --game bangarena": the embedded BangArena
// reference server with one room, the seats not in --agents played by
// scripted adversaries. It prints the base URL, the room, each agent
// seat's token and URLs, the MCP and log URLs.
func serve() gamecli.Serve {
	return gamecli.Serve{
		Synopsis: "--game bangarena [--addr 127.0.0.1:7070] [--seats 6] [--mode classic] [--deadline 15s] " +
			"[--seed S] [--adversaries random,heuristic] [--agents 0,3] [--policy reask_then_random|skip|random] [--dialect a,b] [--format text|json] " +
			"[--admin-token T | --open] [--max-rooms N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ...",
		Fn: "serveBangArena",
		Defaults: func(dialects string) gamecli.ServeDefaults {
			return gamecli.ServeDefaults{
				SeatsHelp: "seats at the table, 4–8", Deadline: baserver.DefaultDeadline, DeadlineHelp: "per-seat decision deadline",
				SeedHelp: "seed of the deal (default: random)", Adversaries: "random,heuristic",
				AdversariesHelp: "scripted player kinds for the other seats, in seat order, cycling (random, heuristic, passive)",
				AgentsHelp:      "agent seats, comma-separated (empty: all seats scripted)", FaultsEnv: baserver.FaultsEnv,
				DialectHelp: "speak these dialects, comma-separated: legitimate choices where the documents are silent (" + dialects + ")",
			}
		},
		ParseAgents: gamecli.ParseSeatList,
		Flags: func(fs *flag.FlagSet, lim *gamecli.Limits) gamecli.Server {
			hostLimits(lim, fs)
			s := &server{
				lim:    lim,
				mode:   fs.String("mode", ba.ModeClassic, "role mode: classic, partners, impostor or legacy"),
				policy: fs.String("policy", baserver.PolicyReaskThenRandom, "illegal-answer policy of the agent seats: reask_then_random, skip or random"),
				pause:  fs.Duration("pause", 0, "pause before each agent decision is offered (observe shows none meanwhile)"),
			}
			_ = fs.Int("rounds", 0, "Inference only; ignored for bangarena")
			return s
		},
	}
}

// hostLimits declares the BangArena server's bounds and expiry.
func hostLimits(h *gamecli.Limits, fs *flag.FlagSet) {
	h.Running = "max-rooms"
	h.MaxRunning = fs.Int("max-rooms", baserver.DefaultMaxRooms, "rooms held at once (ended ones are dropped first to make room); a creation beyond gets 409")
	h.MaxDeadline = fs.Duration("max-deadline", baserver.DefaultMaxDeadline, "longest decision deadline a room may ask (--deadline included)")
	h.Idle = fs.Duration("idle-timeout", baserver.DefaultIdleTimeout, "force-end a room with agent seats that no request has named for this long (-1s: never)")
	h.KeepFinished = fs.Duration("keep-finished", baserver.DefaultKeepEnded, "keep an ended room's log this long (-1s: until --max-rooms pushes it out)")
}

// options sets the bounds of the BangArena server on o.
func options(h *gamecli.Limits, o baserver.Options) baserver.Options {
	o.MaxRooms, o.MaxDeadline, o.IdleTimeout, o.KeepEnded = *h.MaxRunning, *h.MaxDeadline, gamecli.NegOff(*h.Idle), gamecli.NegOff(*h.KeepFinished)
	return o
}

// server is serve's BangArena server, its own flags read.
type server struct {
	lim          *gamecli.Limits
	mode, policy *string
	pause        *time.Duration
}

func (s *server) Rounds() int { return 0 }

func (s *server) Check(gamecli.Env) bool { return true }

func (s *server) Start(e gamecli.Env, m gamecli.Match) (*gamecli.Serving, int) {
	srv, err := baserver.New(options(s.lim, baserver.Options{Pause: *s.pause, Faults: gamecli.Kinded[baserver.Fault](m.Faults), Dialects: gamecli.Kinded[baserver.Dialect](m.Dialects)}))
	if err != nil {
		return gamecli.StartFailed(e, err, nil)
	}
	created, err := srv.CreateRoom(baserver.RoomConfig{
		Seats: m.Seats, RoleMode: *s.mode, Seed: m.Seed, DeadlineMs: int(m.Deadline.Milliseconds()),
		Agents: m.Agents, Adversaries: m.Adversaries, Policy: *s.policy,
	})
	if err != nil {
		return gamecli.StartFailed(e, err, srv.Shutdown)
	}
	var info ServeInfo
	return &gamecli.Serving{
		Handler: srv.Handler(), Create: []string{"POST /api/ai/rooms"}, Shutdown: srv.Shutdown,
		Announce: gamecli.Announce(e, m.Format, &info, func(hostport, token string) ServeInfo {
			return describe(hostport, token, created, srv, m.Seed)
		}),
		Wait: func(ctx context.Context) {
			if srv.Wait(ctx, created.RoomID) == nil && m.Format == "text" {
				st, _ := srv.Status(created.RoomID)
				fmt.Fprintf(e.Stdout, "match over after %d decisions: winner %s %v; log at %s\n", st.Decisions, st.WinnerTeam, st.WinnerSeats, info.LogURL)
			}
		},
	}, gamecli.ExitOK
}
