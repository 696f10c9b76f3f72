package main

import (
	"context"
	"fmt"
	"github.com/umpire-arena/umpire/harness"
	"os"
	"sort"
	"strconv"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/server/bangarena"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

const serveBangArenaSynopsis = "--game bangarena [--addr 127.0.0.1:7070] [--seats 6] [--mode classic] [--deadline 15s] " +
	"[--seed S] [--adversaries random,heuristic] [--agents 0,3] [--policy reask_then_random|skip|random] [--dialect a,b] [--format text|json] " +
	"[--admin-token T | --open] [--max-rooms N] [--max-deadline D] [--idle-timeout D] [--body-timeout D] [--max-conns-per-ip N] ..."

// baServeInfo is what serveBangArena prints once the server listens.
type baServeInfo struct {
	Game        string            `json:"game"`
	BaseURL     string            `json:"baseUrl"`
	RoomID      string            `json:"roomId"`
	Seats       int               `json:"seats"`
	RoleMode    string            `json:"roleMode"`
	Seed        string            `json:"seed,omitempty"`
	DeadlineMs  int64             `json:"deadlineMs"`
	Policy      string            `json:"policy"`
	RulesURL    string            `json:"rulesUrl"`
	MCPURL      string            `json:"mcpUrl"`
	LogURL      string            `json:"logUrl"`
	Agents      []baServeSeat     `json:"agents"`
	Adversaries map[string]string `json:"adversaries"`
	Faults      []string          `json:"faults,omitempty"`
	// AdminToken is what POST /api/ai/rooms needs (Authorization:
	// Bearer); absent when creation is open.
	AdminToken string `json:"adminToken,omitempty"`
}

type baServeSeat struct {
	Seat        int    `json:"seat"`
	Token       string `json:"token"`
	ObserveURL  string `json:"observeUrl"`
	DecisionURL string `json:"decisionUrl"`
}

// serveBangArena runs "umpire serve --game bangarena": the embedded
// BangArena reference server with one room, the seats not in --agents
// played by scripted adversaries. It prints the base URL, the room, each
// agent seat's token and URLs, the MCP and log URLs, and serves until ctx
// ends; then it shuts down cleanly. cmdServe calls it for --game bangarena.
func serveBangArena(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "serve", serveBangArenaSynopsis)
	game := fs.String("game", harness.GameBangArena, "game: bangarena")
	addr := fs.String("addr", "127.0.0.1:7070", "listen address (port 0 picks a free port)")
	seats := fs.Int("seats", 6, "seats at the table, 4–8")
	mode := fs.String("mode", ba.ModeClassic, "role mode: classic, partners, impostor or legacy")
	deadline := fs.Duration("deadline", baserver.DefaultDeadline, "per-seat decision deadline")
	seed := fs.String("seed", "", "seed of the deal (default: random)")
	adversaries := fs.String("adversaries", "random,heuristic", "scripted player kinds for the other seats, in seat order, cycling (random, heuristic, passive)")
	agents := fs.String("agents", "0", "agent seats, comma-separated (empty: all seats scripted)")
	policy := fs.String("policy", baserver.PolicyReaskThenRandom, "illegal-answer policy of the agent seats: reask_then_random, skip or random")
	pause := fs.Duration("pause", 0, "pause before each agent decision is offered (observe shows none meanwhile)")
	format := fs.String("format", "text", "output: text or json")
	unsafe := fs.Bool("unsafe-faults", false, "enable the deliberately broken behaviours named in "+baserver.FaultsEnv+" (testing the conformance suite only)")
	dialect := fs.String("dialect", "", "speak these dialects, comma-separated: legitimate choices where the documents are silent ("+dialectNames(harness.GameBangArena)+")")
	_ = fs.Int("rounds", 0, "Inference only; ignored for bangarena")
	hf := addHostFlags(fs, harness.GameBangArena)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkServeArgs(e, fs, *game, harness.GameBangArena, *format, "serveBangArena") {
		return exitUsage
	}
	if *deadline <= 0 || *deadline > time.Hour {
		fmt.Fprintln(e.stderr, "umpire: --deadline must be between 1ms and 1h")
		return exitUsage
	}
	if !hf.check(e, *deadline, 0) {
		return exitUsage
	}
	agentSeats, err := parseSeatList(*agents)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: --agents: %v\n", err)
		return exitUsage
	}
	faults, err := baserver.FaultsFromEnv(os.Getenv, *unsafe)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	dialects, err := baserver.ParseDialects(*dialect)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: --dialect: %v\n", err)
		return exitUsage
	}
	kinds := splitList(*adversaries)
	srv, err := baserver.New(hf.bangArenaOptions(baserver.Options{Pause: *pause, Faults: faults, Dialects: dialects}))
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitUsage
	}
	created, err := srv.CreateRoom(baserver.RoomConfig{
		Seats: *seats, RoleMode: *mode, Seed: *seed, DeadlineMs: int(deadline.Milliseconds()),
		Agents: agentSeats, Adversaries: kinds, Policy: *policy,
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		shutdownQuietly(srv)
		return exitUsage
	}
	hs, hostport, token, served, ok := listenGuarded(e, *addr, srv.Handler(), hf, []string{"POST /api/ai/rooms"})
	if !ok {
		shutdownQuietly(srv)
		return exitError
	}

	info := describeBAServe(hostport, created, srv, *seed)
	info.AdminToken = token
	if len(faults) > 0 {
		warnFaults(e, info.Faults)
	}
	printBAServeInfo(e, *format, info)

	ended := make(chan struct{})
	go func() {
		defer close(ended)
		if srv.Wait(ctx, created.RoomID) == nil && *format == "text" {
			st, _ := srv.Status(created.RoomID)
			fmt.Fprintf(e.stdout, "match over after %d decisions: winner %s %v; log at %s\n", st.Decisions, st.WinnerTeam, st.WinnerSeats, info.LogURL)
		}
	}()

	code := waitServing(ctx, e, served)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	shutdownHTTP(sctx, e, hs)
	if !shutdownServer(sctx, e, srv) {
		code = exitError
	}
	<-ended
	return code
}

func describeBAServe(hostport string, c baserver.Created, srv *baserver.Server, seed string) baServeInfo {
	base := "http://" + hostport
	st, _ := srv.Status(c.RoomID)
	room := base + "/api/ai/rooms/" + c.RoomID
	info := baServeInfo{
		Game: harness.GameBangArena, BaseURL: base, RoomID: c.RoomID, Seats: st.Seats, RoleMode: st.RoleMode, Seed: seed,
		DeadlineMs: st.DeadlineMs, RulesURL: base + "/api/arena/rules", MCPURL: base + "/mcp", LogURL: room + "/log",
		Agents: []baServeSeat{}, Adversaries: map[string]string{},
	}
	for _, seat := range st.Agents {
		info.Policy = st.Policies[seat]
		info.Agents = append(info.Agents, baServeSeat{Seat: seat, Token: c.Tokens[seat],
			ObserveURL: room + "/observe?seat=" + strconv.Itoa(seat), DecisionURL: room + "/decision"})
	}
	for seat, kind := range st.Adversaries {
		info.Adversaries[strconv.Itoa(seat)] = kind
	}
	for _, f := range srv.Faults() {
		info.Faults = append(info.Faults, string(f))
	}
	return info
}

func printBAServeInfo(e *env, format string, info baServeInfo) {
	if format == "json" {
		_ = writeJSONLine(e.stdout, info)
		return
	}
	w := e.stdout
	fmt.Fprintf(w, "umpire serve: BangArena reference server (%s, %s)\n", ba.RulesetVersion, ba.ProtocolVersion)
	fmt.Fprintf(w, "  base URL  %s\n", info.BaseURL)
	fmt.Fprintf(w, "  room      %s  (%d seats, %s, deadline %s", info.RoomID, info.Seats, info.RoleMode, time.Duration(info.DeadlineMs)*time.Millisecond)
	if info.Seed != "" {
		fmt.Fprintf(w, ", seed %q", info.Seed)
	}
	fmt.Fprintln(w, ")")
	fmt.Fprintf(w, "  rules     GET  %s\n", info.RulesURL)
	fmt.Fprintf(w, "  MCP       POST %s\n", info.MCPURL)
	fmt.Fprintf(w, "  rooms     POST %s/api/ai/rooms\n", info.BaseURL)
	if info.AdminToken != "" {
		fmt.Fprintf(w, "            admin token %s  (header Authorization: Bearer TOKEN)\n", info.AdminToken)
	}
	fmt.Fprintf(w, "  log       GET  %s  (after the match)\n", info.LogURL)
	for _, a := range info.Agents {
		fmt.Fprintf(w, "  seat %d    token %s  (policy %s)\n", a.Seat, a.Token, info.Policy)
		fmt.Fprintf(w, "            observe  GET  %s\n", a.ObserveURL)
		fmt.Fprintf(w, "            decision POST %s  (header x-agent-token)\n", a.DecisionURL)
	}
	var seats []int
	for s := range info.Adversaries {
		n, _ := strconv.Atoi(s)
		seats = append(seats, n)
	}
	sort.Ints(seats)
	for _, s := range seats {
		fmt.Fprintf(w, "  seat %d    scripted: %s\n", s, info.Adversaries[strconv.Itoa(s)])
	}
	fmt.Fprintln(w, "Serving until interrupted (Ctrl-C).")
}
