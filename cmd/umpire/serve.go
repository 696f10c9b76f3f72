package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

const serveInferenceSynopsis = "--game inference [--addr 127.0.0.1:7070] [--seats 6] [--rounds 40] [--deadline 10s] " +
	"[--seed S] [--adversaries random,heuristic,...] [--agents 0,3] [--start-timeout D] [--dialect a,b] [--format text|json] [--unsafe-faults] " +
	"[--admin-token T | --open] [--max-matches N] [--max-rounds N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ..."

const serveBangArenaSynopsis = "--game bangarena [--addr 127.0.0.1:7070] [--seats 6] [--mode classic] [--deadline 15s] " +
	"[--seed S] [--adversaries random,heuristic] [--agents 0,3] [--policy reask_then_random|skip|random] [--dialect a,b] [--format text|json] " +
	"[--admin-token T | --open] [--max-rooms N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ..."

// cmdServe runs "umpire serve": the embedded reference server of the game
// named by --game (serveInference or serveBangArena).
func cmdServe(ctx context.Context, e *env, args []string) int {
	game := gameFlag(args)
	if g := gameOf(game); g != nil {
		return g.serve(ctx, e, args)
	}
	if game == "" {
		for _, a := range args {
			if a == "-h" || a == "-help" || a == "--help" {
				fmt.Fprint(e.stderr, "Usage:")
				for i, g := range cliGames() {
					fmt.Fprintf(e.stderr, "%s umpire serve %s\n", map[bool]string{true: "", false: "      "}[i == 0], g.serveSynopsis)
				}
				fmt.Fprint(e.stderr, "\nRun with --game and -h for the flags of one game.\n")
				return exitOK
			}
		}
	}
	checkGame(e, game)
	return exitUsage
}

// gameFlag finds the value of --game (or -game) in args, "" when absent.
func gameFlag(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			continue
		}
		if hasValue {
			return value
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// serveInference runs "umpire serve --game inference": the embedded
// Inference server with one match; seats not in --agents are played by
// scripted adversaries. It prints the URL, the match id, each agent seat's
// WebSocket URL and token, and the log URL, serves until ctx ends (Ctrl-C),
// then shuts down cleanly.
func serveInference(ctx context.Context, e *env, args []string) int {
	g := mustGame(harness.GameInference)
	fs := newFlagSet(e, "serve", serveInferenceSynopsis)
	f := addServeFlags(fs, g, serveDefaults{
		seatsHelp: "seats at the table, 3–8", deadline: 10 * time.Second, deadlineHelp: "turn deadline (deadline_ms)",
		seedHelp: "seed of the match (default: random, revealed at match end)", adversaries: "heuristic",
		adversariesHelp: "scripted kinds for the seats no agent plays, in seat order, cycling: " + strings.Join(infadv.Kinds(), ", "),
		agentsHelp:      "agent seats, comma-separated (empty: every seat scripted)", faultsEnv: infsrv.FaultsEnv,
		dialectHelp: "speak these legitimate dialects, comma-separated (choices where the rules are silent): " + dialectNames(g.Name),
	})
	rounds := fs.Int("rounds", 40, "rounds of the match")
	startTimeout := fs.Duration("start-timeout", 0, "start without the agents that have not said hello after this long (0: wait for all)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !f.check(e, fs, g, "serveInference", *rounds) {
		return exitUsage
	}
	if *startTimeout < 0 {
		fmt.Fprintln(e.stderr, "umpire: --start-timeout must not be negative")
		return exitUsage
	}
	agentSeats, faults, dialects, ok := f.inputs(e, g, parseSeats)
	if !ok {
		return exitUsage
	}
	opts := infsrv.Options{Faults: kinded[infsrv.Fault](faults), Dialects: kinded[infsrv.Dialect](dialects), StartTimeout: *startTimeout, Limits: f.hf.inferenceLimits()}
	if *startTimeout == 0 {
		opts.StartTimeout = -1 // wait for every agent
	}
	srv, err := infsrv.New(opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	spec := infsrv.MatchSpec{Seats: *f.seats, Rounds: *rounds, DeadlineMS: int(f.deadline.Milliseconds()), Agents: agentSeats, Adversaries: splitList(*f.adversaries)}
	if *f.seed != "" {
		spec.Seed = f.seed
	}
	created, err := srv.CreateMatch(spec)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		shutdownQuietly(srv)
		return exitUsage
	}
	var info inferenceServeInfo
	return serveUntilDone(ctx, e, f, serving{
		handler: srv, create: []string{"POST /api/inference/matches"}, shutdown: srv.Shutdown, gameFirst: true,
		announce: func(hostport, token string) {
			info = describeInference(hostport, created, srv, *f.seed)
			info.AdminToken = token
			if len(info.Faults) > 0 {
				warnFaults(e, info.Faults)
			}
			printInference(e, *f.format, info)
		},
		wait: func(ctx context.Context) {
			res, err := srv.Wait(ctx, created.MatchID)
			if err != nil || *f.format != "text" {
				return
			}
			fmt.Fprintf(e.stdout, "match over after %d rounds (%s):", res.Rounds, res.Reason)
			for _, r := range res.Ranking {
				fmt.Fprintf(e.stdout, " #%d seat %d (%d)", r.Rank, r.Seat, r.Credits)
			}
			fmt.Fprintf(e.stdout, "; seed %q; log at %s\n", res.Seed, info.LogURL)
		},
	})
}

// serveFlags are the flags of serve both games share, with the game's
// defaults and help (serveDefaults).
type serveFlags struct {
	game, addr, seed, adversaries, agents, format, dialect *string
	seats                                                  *int
	deadline                                               *time.Duration
	unsafe                                                 *bool
	hf                                                     *hostFlags
}

// serveDefaults are a game's defaults and help texts of the shared flags.
type serveDefaults struct {
	seatsHelp, seedHelp, adversaries, adversariesHelp, agentsHelp, faultsEnv, dialectHelp string
	deadline                                                                              time.Duration
	deadlineHelp                                                                          string
}

// addServeFlags declares the shared flags of g's serve on fs.
func addServeFlags(fs *flag.FlagSet, g *cliGame, d serveDefaults) *serveFlags {
	return &serveFlags{
		game:        fs.String("game", g.Name, "game: "+g.Name),
		addr:        fs.String("addr", "127.0.0.1:7070", "listen address (port 0 picks a free port)"),
		seats:       fs.Int("seats", g.DefaultSeats, d.seatsHelp),
		deadline:    fs.Duration("deadline", d.deadline, d.deadlineHelp),
		seed:        fs.String("seed", "", d.seedHelp),
		adversaries: fs.String("adversaries", d.adversaries, d.adversariesHelp),
		agents:      fs.String("agents", "0", d.agentsHelp),
		format:      fs.String("format", "text", "output: text or json"),
		unsafe:      fs.Bool("unsafe-faults", false, "enable the deliberately broken behaviours named in "+d.faultsEnv+" (testing the conformance suite only)"),
		dialect:     fs.String("dialect", "", d.dialectHelp),
		hf:          addHostFlags(fs, g.Name),
	}
}

// check validates the shared flags once parsed (rounds: the match's
// --rounds, 0 for a game without); false said on stderr.
func (f *serveFlags) check(e *env, fs *flag.FlagSet, g *cliGame, fn string, rounds int) bool {
	if !checkServeArgs(e, fs, *f.game, g.Name, *f.format, fn) {
		return false
	}
	if *f.deadline < time.Millisecond || *f.deadline > time.Hour {
		fmt.Fprintln(e.stderr, "umpire: --deadline must be between 1ms and 1h")
		return false
	}
	return f.hf.check(e, *f.deadline, rounds)
}

// inputs reads the agent seats (with the game's parser), the faults
// (UMPIRE_UNSAFE_FAULTS with --unsafe-faults) and the --dialect list
// through the game's descriptor; false said on stderr.
func (f *serveFlags) inputs(e *env, g *cliGame, parseAgents func(string) ([]int, error)) (agents []int, faults, dialects []string, ok bool) {
	agents, err := parseAgents(*f.agents)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: --agents: %v\n", err)
		return nil, nil, nil, false
	}
	if faults, err = g.Faults(os.Getenv, *f.unsafe); err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return nil, nil, nil, false
	}
	if strings.TrimSpace(*f.dialect) != "" {
		if dialects, err = g.ParseDialects(*f.dialect); err != nil {
			fmt.Fprintf(e.stderr, "umpire: --dialect: %v\n", err)
			return nil, nil, nil, false
		}
	}
	return agents, faults, dialects, true
}

// serving is a game server of serve with its one match or room created.
type serving struct {
	handler http.Handler
	// create are the routes that create a match or room (the admin token
	// guards them).
	create []string
	// shutdown stops the game server; gameFirst says it goes before the
	// HTTP server (it closes WebSocket connections, which http.Server does
	// not track).
	shutdown  func(ctx context.Context) error
	gameFirst bool
	// announce warns of the faults and prints what serve serves once it
	// listens (hostport, the admin token); wait waits for the match's end
	// and, in text, says how it ended.
	announce func(hostport, token string)
	wait     func(ctx context.Context)
}

// serveUntilDone listens on addr with the guarded connection layer, prints
// what it serves, and serves until ctx ends (exit 0) or the listener stops
// (exit 3); then it shuts both servers down within 5 s.
func serveUntilDone(ctx context.Context, e *env, f *serveFlags, s serving) int {
	hs, hostport, token, served, ok := listenGuarded(e, *f.addr, s.handler, f.hf, s.create)
	if !ok {
		shutdownQuietly(shutdownFunc(s.shutdown))
		return exitError
	}
	s.announce(hostport, token)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		s.wait(ctx)
	}()
	code := waitServing(ctx, e, served)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if !s.gameFirst {
		shutdownHTTP(sctx, e, hs)
	}
	if !shutdownServer(sctx, e, shutdownFunc(s.shutdown)) {
		code = exitError
	}
	if s.gameFirst {
		shutdownHTTP(sctx, e, hs)
	}
	<-ended
	return code
}

// shutdownFunc is a shutdown function as a shutdowner.
type shutdownFunc func(ctx context.Context) error

// Shutdown calls f.
func (f shutdownFunc) Shutdown(ctx context.Context) error { return f(ctx) }

// serveBangArena runs "umpire serve --game bangarena": the embedded
// BangArena reference server with one room, the seats not in --agents
// played by scripted adversaries. It prints the base URL, the room, each
// agent seat's token and URLs, the MCP and log URLs, and serves until ctx
// ends; then it shuts down cleanly.
func serveBangArena(ctx context.Context, e *env, args []string) int {
	g := mustGame(harness.GameBangArena)
	fs := newFlagSet(e, "serve", serveBangArenaSynopsis)
	f := addServeFlags(fs, g, serveDefaults{
		seatsHelp: "seats at the table, 4–8", deadline: baserver.DefaultDeadline, deadlineHelp: "per-seat decision deadline",
		seedHelp: "seed of the deal (default: random)", adversaries: "random,heuristic",
		adversariesHelp: "scripted player kinds for the other seats, in seat order, cycling (random, heuristic, passive)",
		agentsHelp:      "agent seats, comma-separated (empty: all seats scripted)", faultsEnv: baserver.FaultsEnv,
		dialectHelp: "speak these dialects, comma-separated: legitimate choices where the documents are silent (" + dialectNames(g.Name) + ")",
	})
	mode := fs.String("mode", ba.ModeClassic, "role mode: classic, partners, impostor or legacy")
	policy := fs.String("policy", baserver.PolicyReaskThenRandom, "illegal-answer policy of the agent seats: reask_then_random, skip or random")
	pause := fs.Duration("pause", 0, "pause before each agent decision is offered (observe shows none meanwhile)")
	_ = fs.Int("rounds", 0, "Inference only; ignored for bangarena")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !f.check(e, fs, g, "serveBangArena", 0) {
		return exitUsage
	}
	agentSeats, faults, dialects, ok := f.inputs(e, g, parseSeatList)
	if !ok {
		return exitUsage
	}
	srv, err := baserver.New(f.hf.bangArenaOptions(baserver.Options{Pause: *pause, Faults: kinded[baserver.Fault](faults), Dialects: kinded[baserver.Dialect](dialects)}))
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	created, err := srv.CreateRoom(baserver.RoomConfig{
		Seats: *f.seats, RoleMode: *mode, Seed: *f.seed, DeadlineMs: int(f.deadline.Milliseconds()),
		Agents: agentSeats, Adversaries: splitList(*f.adversaries), Policy: *policy,
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		shutdownQuietly(srv)
		return exitUsage
	}
	var info baServeInfo
	return serveUntilDone(ctx, e, f, serving{
		handler: srv.Handler(), create: []string{"POST /api/ai/rooms"}, shutdown: srv.Shutdown,
		announce: func(hostport, token string) {
			info = describeBAServe(hostport, created, srv, *f.seed)
			info.AdminToken = token
			if len(info.Faults) > 0 {
				warnFaults(e, info.Faults)
			}
			printBAServeInfo(e, *f.format, info)
		},
		wait: func(ctx context.Context) {
			if srv.Wait(ctx, created.RoomID) == nil && *f.format == "text" {
				st, _ := srv.Status(created.RoomID)
				fmt.Fprintf(e.stdout, "match over after %d decisions: winner %s %v; log at %s\n", st.Decisions, st.WinnerTeam, st.WinnerSeats, info.LogURL)
			}
		},
	})
}

// kinded turns plain names into a server's named kind (faults, dialects).
func kinded[K ~string](names []string) []K {
	out := make([]K, len(names))
	for i, n := range names {
		out[i] = K(n)
	}
	return out
}

// checkServeArgs checks what both games' serve share: --game (which must
// be want: fn serves only that game), --format, and no arguments.
func checkServeArgs(e *env, fs *flag.FlagSet, game, want, format, fn string) bool {
	if !checkGame(e, game) || !checkFormat(e, format) {
		return false
	}
	if game != want {
		fmt.Fprintf(e.stderr, "umpire: %s serves %s, not %s\n", fn, want, game)
		return false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire: serve takes no arguments, got %q\n", fs.Args())
		return false
	}
	return true
}

// splitList splits a comma-separated flag value, dropping blanks.
func splitList(s string) []string {
	var out []string
	for _, k := range strings.Split(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// warnFaults says on stderr that the server runs with deliberate faults.
func warnFaults(e *env, faults []string) {
	fmt.Fprintf(e.stderr, "umpire: WARNING: serving with deliberate faults: %s\n", strings.Join(faults, ", "))
}

// waitServing waits until ctx ends (Ctrl-C: exit 0) or the HTTP server
// stops by itself (exit 3) and returns that exit code.
func waitServing(ctx context.Context, e *env, served <-chan error) int {
	select {
	case <-ctx.Done():
		return exitOK
	case err := <-served:
		fmt.Fprintf(e.stderr, "umpire: server stopped: %v\n", err)
		return exitError
	}
}

// shutdowner is a game server of serve.
type shutdowner interface {
	Shutdown(ctx context.Context) error
}

// shutdownServer shuts the game server down within ctx; false, said on
// stderr, when it could not.
func shutdownServer(ctx context.Context, e *env, srv shutdowner) bool {
	if err := srv.Shutdown(ctx); err != nil {
		fmt.Fprintf(e.stderr, "umpire: server shutdown: %v\n", err)
		return false
	}
	return true
}

// shutdownHTTP shuts the HTTP server down within ctx; a failure is said
// on stderr and does not change the exit code.
func shutdownHTTP(ctx context.Context, e *env, hs *http.Server) {
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "umpire: http shutdown: %v\n", err)
	}
}

// shutdownQuietly shuts a game server down that never served (a start that
// failed), ignoring the outcome.
func shutdownQuietly(srv shutdowner) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

// parseSeats parses "0,3" into seat numbers; "" (or "none") is no seat,
// an empty list (never nil).
func parseSeats(s string) ([]int, error) {
	if strings.TrimSpace(s) == "none" {
		return []int{}, nil
	}
	out, err := parseSeatList(s)
	if err == nil && out == nil {
		out = []int{}
	}
	return out, err
}

// parseSeatList parses "0,3" into seats; "" is no seat (nil).
func parseSeatList(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a seat number", part)
		}
		out = append(out, n)
	}
	return out, nil
}
