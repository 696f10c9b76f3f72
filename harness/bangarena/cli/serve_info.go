package cli

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/gamecli"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// This file is what serve prints of the server once it listens: its URLs,
// its room, the agent seats' tokens (text or JSON).

// ServeInfo is what serve prints once the server listens (one JSON line
// with --format json).
type ServeInfo struct {
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
	Agents      []ServeSeat       `json:"agents"`
	Adversaries map[string]string `json:"adversaries"`
	Faults      []string          `json:"faults,omitempty"`
	// AdminToken is what POST /api/ai/rooms needs (Authorization:
	// Bearer); absent when creation is open.
	AdminToken string `json:"adminToken,omitempty"`
}

// ServeSeat is an agent seat of ServeInfo.
type ServeSeat struct {
	Seat        int    `json:"seat"`
	Token       string `json:"token"`
	ObserveURL  string `json:"observeUrl"`
	DecisionURL string `json:"decisionUrl"`
}

// describe is what serve prints of the room created.
func describe(hostport string, c baserver.Created, srv *baserver.Server, seed string) ServeInfo {
	base := "http://" + hostport
	st, _ := srv.Status(c.RoomID)
	room := base + "/api/ai/rooms/" + c.RoomID
	info := ServeInfo{
		Game: harness.GameBangArena, BaseURL: base, RoomID: c.RoomID, Seats: st.Seats, RoleMode: st.RoleMode, Seed: seed,
		DeadlineMs: st.DeadlineMs, RulesURL: base + "/api/arena/rules", MCPURL: base + "/mcp", LogURL: room + "/log",
		Agents: []ServeSeat{}, Adversaries: map[string]string{},
	}
	for _, seat := range st.Agents {
		info.Policy = st.Policies[seat]
		info.Agents = append(info.Agents, ServeSeat{Seat: seat, Token: c.Tokens[seat],
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

// printInfo prints info as one JSON line or as text.
func printInfo(e gamecli.Env, format string, info ServeInfo) {
	if format == "json" {
		_ = gamecli.WriteJSONLine(e.Stdout, info)
		return
	}
	w := e.Stdout
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
