package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/umpire-arena/umpire/harness"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	infadv "github.com/umpire-arena/umpire/harness/adversaries/inference"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

const serveInferenceSynopsis = "--game inference [--addr 127.0.0.1:7070] [--seats 6] [--rounds 40] [--deadline 10s] " +
	"[--seed S] [--adversaries random,heuristic,...] [--agents 0,3] [--start-timeout D] [--dialect a,b] [--format text|json] [--unsafe-faults] " +
	"[--admin-token T | --open] [--max-matches N] [--max-rounds N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ..."

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

// inferenceServeInfo is what serveInference prints once it listens.
type inferenceServeInfo struct {
	Game        string               `json:"game"`
	URL         string               `json:"url"`
	MatchID     string               `json:"match_id"`
	Seats       int                  `json:"seats"`
	Rounds      int                  `json:"rounds"`
	DeadlineMS  int                  `json:"deadline_ms"`
	Seed        string               `json:"seed,omitempty"`
	RulesURL    string               `json:"rules_url"`
	LogURL      string               `json:"log_url"`
	CreateURL   string               `json:"create_url"`
	Agents      []inferenceServeSeat `json:"agents"`
	Adversaries map[string]string    `json:"adversaries"`
	Faults      []string             `json:"faults,omitempty"`
	Dialects    []string             `json:"dialects,omitempty"`
	// AdminToken is what POST CreateURL needs (Authorization: Bearer);
	// absent when creation is open.
	AdminToken string `json:"admin_token,omitempty"`
}

type inferenceServeSeat struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	WSURL string `json:"ws_url"`
}

// serveInference runs "umpire serve --game inference": the embedded
// Inference server with one match; seats not in --agents are played by
// scripted adversaries. It prints the URL, the match id, each agent seat's
// WebSocket URL and token, and the log URL, serves until ctx ends (Ctrl-C),
// then shuts down cleanly.
func serveInference(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "serve", serveInferenceSynopsis)
	game := fs.String("game", harness.GameInference, "game: inference")
	addr := fs.String("addr", "127.0.0.1:7070", "listen address (port 0 picks a free port)")
	seats := fs.Int("seats", 6, "seats at the table, 3–8")
	rounds := fs.Int("rounds", 40, "rounds of the match")
	deadline := fs.Duration("deadline", 10*time.Second, "turn deadline (deadline_ms)")
	seed := fs.String("seed", "", "seed of the match (default: random, revealed at match end)")
	adversaries := fs.String("adversaries", "heuristic", "scripted kinds for the seats no agent plays, in seat order, cycling: "+strings.Join(infadv.Kinds(), ", "))
	agents := fs.String("agents", "0", "agent seats, comma-separated (empty: every seat scripted)")
	startTimeout := fs.Duration("start-timeout", 0, "start without the agents that have not said hello after this long (0: wait for all)")
	format := fs.String("format", "text", "output: text or json")
	unsafe := fs.Bool("unsafe-faults", false, "enable the deliberately broken behaviours named in "+infsrv.FaultsEnv+" (testing the conformance suite only)")
	dialectList := fs.String("dialect", "", "speak these legitimate dialects, comma-separated (choices where the rules are silent): "+dialectNames(harness.GameInference))
	hf := addHostFlags(fs, harness.GameInference)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkServeArgs(e, fs, *game, harness.GameInference, *format, "serveInference") {
		return exitUsage
	}
	if *deadline < time.Millisecond || *deadline > time.Hour {
		fmt.Fprintln(e.stderr, "umpire: --deadline must be between 1ms and 1h")
		return exitUsage
	}
	if !hf.check(e, *deadline, *rounds) {
		return exitUsage
	}
	if *startTimeout < 0 {
		fmt.Fprintln(e.stderr, "umpire: --start-timeout must not be negative")
		return exitUsage
	}
	agentSeats, err := parseSeats(*agents)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: --agents: %v\n", err)
		return exitUsage
	}
	faults, err := infsrv.FaultsFromEnv(os.Getenv, *unsafe)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	dialects, err := infsrv.ParseDialects(*dialectList)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: --dialect: %v\n", err)
		return exitUsage
	}
	kinds := splitList(*adversaries)
	opts := infsrv.Options{Faults: faults, Dialects: dialects, StartTimeout: *startTimeout, Limits: hf.inferenceLimits()}
	if *startTimeout == 0 {
		opts.StartTimeout = -1 // wait for every agent
	}
	srv, err := infsrv.New(opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	spec := infsrv.MatchSpec{Seats: *seats, Rounds: *rounds, DeadlineMS: int(deadline.Milliseconds()), Agents: agentSeats, Adversaries: kinds}
	if *seed != "" {
		spec.Seed = seed
	}
	created, err := srv.CreateMatch(spec)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		shutdownQuietly(srv)
		return exitUsage
	}
	hs, hostport, token, served, ok := listenGuarded(e, *addr, srv, hf, []string{"POST /api/inference/matches"})
	if !ok {
		shutdownQuietly(srv)
		return exitError
	}

	info := describeInference(hostport, created, srv, *seed)
	info.AdminToken = token
	if len(faults) > 0 {
		warnFaults(e, info.Faults)
	}
	printInference(e, *format, info)

	ended := make(chan struct{})
	go func() {
		defer close(ended)
		res, err := srv.Wait(ctx, created.MatchID)
		if err != nil || *format != "text" {
			return
		}
		fmt.Fprintf(e.stdout, "match over after %d rounds (%s):", res.Rounds, res.Reason)
		for _, r := range res.Ranking {
			fmt.Fprintf(e.stdout, " #%d seat %d (%d)", r.Rank, r.Seat, r.Credits)
		}
		fmt.Fprintf(e.stdout, "; seed %q; log at %s\n", res.Seed, info.LogURL)
	}()

	code := waitServing(ctx, e, served)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if !shutdownServer(sctx, e, srv) { // first: it closes the WebSocket connections, which http.Server does not track
		code = exitError
	}
	shutdownHTTP(sctx, e, hs)
	<-ended
	return code
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

func describeInference(hostport string, c infsrv.Created, srv *infsrv.Server, seed string) inferenceServeInfo {
	base := "http://" + hostport
	mi, _ := srv.Info(c.MatchID)
	info := inferenceServeInfo{
		Game: harness.GameInference, URL: base, MatchID: c.MatchID, Seats: mi.Config.TableSize, Rounds: mi.Config.Rounds,
		DeadlineMS: mi.Config.TurnDeadlineMS, Seed: seed, RulesURL: base + "/rules/inference",
		LogURL: base + "/r/" + c.MatchID + ".jsonl", CreateURL: base + "/api/inference/matches",
		Agents: []inferenceServeSeat{}, Adversaries: map[string]string{},
	}
	for _, sd := range mi.Seats {
		if !sd.Agent {
			info.Adversaries[strconv.Itoa(sd.Seat)] = sd.Kind
			continue
		}
		info.Agents = append(info.Agents, inferenceServeSeat{Seat: sd.Seat, Token: c.Tokens[strconv.Itoa(sd.Seat)],
			WSURL: fmt.Sprintf("ws://%s/ws/inference?match=%s&seat=%d", hostport, c.MatchID, sd.Seat)})
	}
	for _, f := range srv.Faults() {
		info.Faults = append(info.Faults, string(f))
	}
	for _, d := range srv.Dialects() {
		info.Dialects = append(info.Dialects, string(d))
	}
	return info
}

func printInference(e *env, format string, info inferenceServeInfo) {
	if format == "json" {
		_ = writeJSONLine(e.stdout, info)
		return
	}
	w := e.stdout
	fmt.Fprintf(w, "umpire serve: Inference reference server (%s)\n", ref.RulesVersion)
	fmt.Fprintf(w, "  URL       %s\n", info.URL)
	fmt.Fprintf(w, "  match     %s  (%d seats, %d rounds, deadline %s", info.MatchID, info.Seats, info.Rounds, time.Duration(info.DeadlineMS)*time.Millisecond)
	if info.Seed != "" {
		fmt.Fprintf(w, ", seed %q", info.Seed)
	}
	fmt.Fprintln(w, ")")
	fmt.Fprintf(w, "  rules     GET  %s\n", info.RulesURL)
	fmt.Fprintf(w, "  log       GET  %s  (deal_private lines once the match is over)\n", info.LogURL)
	fmt.Fprintf(w, "  matches   POST %s\n", info.CreateURL)
	if info.AdminToken != "" {
		fmt.Fprintf(w, "            admin token %s  (header Authorization: Bearer TOKEN)\n", info.AdminToken)
	}
	if len(info.Dialects) > 0 {
		fmt.Fprintf(w, "  dialects  %s  (legitimate choices where the rules are silent)\n", strings.Join(info.Dialects, ", "))
	}
	for _, a := range info.Agents {
		fmt.Fprintf(w, "  seat %d    token %s\n", a.Seat, a.Token)
		fmt.Fprintf(w, "            %s  (first message: hello with the token)\n", a.WSURL)
	}
	for seat := range info.Seats {
		if kind, ok := info.Adversaries[strconv.Itoa(seat)]; ok {
			fmt.Fprintf(w, "  seat %d    scripted: %s\n", seat, kind)
		}
	}
	if len(info.Agents) > 0 {
		fmt.Fprintln(w, "The match starts when every agent seat has said hello.")
	}
	fmt.Fprintln(w, "Serving until interrupted (Ctrl-C).")
}
