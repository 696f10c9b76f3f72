package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
)

// cmdServe runs "umpire serve": the embedded reference server of the game
// named by --game: the shared flags here, the game's own flags and server
// from its part (gamecli.Serve).
func cmdServe(ctx context.Context, e *env, args []string) int {
	game := gameFlag(args)
	if g := gameOf(game); g != nil {
		return serveGame(ctx, e, g, args)
	}
	if game == "" {
		for _, a := range args {
			if a == "-h" || a == "-help" || a == "--help" {
				fmt.Fprint(e.stderr, "Usage:")
				for i, g := range cliGames() {
					fmt.Fprintf(e.stderr, "%s umpire serve %s\n", map[bool]string{true: "", false: "      "}[i == 0], g.Serve.Synopsis)
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

// serveGame runs "umpire serve" for g: its shared flags with the game's
// defaults, the game's own flags and bounds, then the game's server with
// one match or room, served until ctx ends (Ctrl-C); then it shuts down
// cleanly.
func serveGame(ctx context.Context, e *env, g *cliGame, args []string) int {
	fs := newFlagSet(e, "serve", g.Serve.Synopsis)
	f := addServeFlags(fs, g, g.Serve.Defaults(dialectNames(g.Name)))
	srv := g.Serve.Flags(fs, &f.hf.lim)
	if missing := f.hf.lim.Missing(); len(missing) > 0 {
		fmt.Fprintf(e.stderr, "umpire serve: the %s server declares no %s bound (gamecli.Limits)\n", g.Title, strings.Join(missing, ", "))
		return exitError
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !f.check(e, fs, g, g.Serve.Fn, srv.Rounds()) || !srv.Check(e.cmd()) {
		return exitUsage
	}
	agentSeats, faults, dialects, ok := f.inputs(e, g, g.Serve.ParseAgents)
	if !ok {
		return exitUsage
	}
	s, code := srv.Start(e.cmd(), gamecli.Match{
		Seats: *f.seats, Deadline: *f.deadline, Seed: *f.seed, Adversaries: splitList(*f.adversaries),
		Agents: agentSeats, Faults: faults, Dialects: dialects, Format: *f.format,
	})
	if s == nil {
		return code
	}
	return serveUntilDone(ctx, e, f, *s)
}

// serveFlags are the flags of serve every game shares, with the game's
// defaults and help (serveDefaults).
type serveFlags struct {
	game, addr, seed, adversaries, agents, format, dialect *string
	seats                                                  *int
	deadline                                               *time.Duration
	unsafe                                                 *bool
	hf                                                     *hostFlags
}

// addServeFlags declares the shared flags of g's serve on fs.
func addServeFlags(fs *flag.FlagSet, g *cliGame, d gamecli.ServeDefaults) *serveFlags {
	return &serveFlags{
		game:        fs.String("game", g.Name, "game: "+g.Name),
		addr:        fs.String("addr", "127.0.0.1:7070", "listen address (port 0 picks a free port)"),
		seats:       fs.Int("seats", g.DefaultSeats, d.SeatsHelp),
		deadline:    fs.Duration("deadline", d.Deadline, d.DeadlineHelp),
		seed:        fs.String("seed", "", d.SeedHelp),
		adversaries: fs.String("adversaries", d.Adversaries, d.AdversariesHelp),
		agents:      fs.String("agents", "0", d.AgentsHelp),
		format:      fs.String("format", "text", "output: text or json"),
		unsafe:      fs.Bool("unsafe-faults", false, "enable the deliberately broken behaviours named in "+d.FaultsEnv+" (testing the conformance suite only)"),
		dialect:     fs.String("dialect", "", d.DialectHelp),
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

// serveUntilDone listens on addr with the guarded connection layer, prints
// what it serves, and serves until ctx ends (exit 0) or the listener stops
// (exit 3); then it shuts both servers down within 5 s.
func serveUntilDone(ctx context.Context, e *env, f *serveFlags, s gamecli.Serving) int {
	hs, hostport, token, served, ok := listenGuarded(e, *f.addr, s.Handler, f.hf, s.Create)
	if !ok {
		shutdownQuietly(shutdownFunc(s.Shutdown))
		return exitError
	}
	s.Announce(hostport, token)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		s.Wait(ctx)
	}()
	code := waitServing(ctx, e, served)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if !s.GameFirst {
		shutdownHTTP(sctx, e, hs)
	}
	if !shutdownServer(sctx, e, shutdownFunc(s.Shutdown)) {
		code = exitError
	}
	if s.GameFirst {
		shutdownHTTP(sctx, e, hs)
	}
	<-ended
	return code
}

// shutdownFunc is a shutdown function as a shutdowner.
type shutdownFunc func(ctx context.Context) error

// Shutdown calls f.
func (f shutdownFunc) Shutdown(ctx context.Context) error { return f(ctx) }

// checkServeArgs checks what every game's serve shares: --game (which must
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
func shutdownQuietly(srv shutdowner) { gamecli.ShutdownQuietly(srv.Shutdown) }
