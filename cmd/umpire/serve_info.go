package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// This file is what serve prints of each game's server once it listens:
// its URLs, its match or room, the agent seats' tokens (text or JSON).

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
