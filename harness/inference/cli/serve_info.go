package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/gamecli"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// This file is what serve prints of the server once it listens: its URLs,
// its match, the agent seats' tokens (text or JSON).

// ServeInfo is what serve prints once it listens (one JSON line with
// --format json).
type ServeInfo struct {
	Game        string            `json:"game"`
	URL         string            `json:"url"`
	MatchID     string            `json:"match_id"`
	Seats       int               `json:"seats"`
	Rounds      int               `json:"rounds"`
	DeadlineMS  int               `json:"deadline_ms"`
	Seed        string            `json:"seed,omitempty"`
	RulesURL    string            `json:"rules_url"`
	LogURL      string            `json:"log_url"`
	CreateURL   string            `json:"create_url"`
	Agents      []ServeSeat       `json:"agents"`
	Adversaries map[string]string `json:"adversaries"`
	Faults      []string          `json:"faults,omitempty"`
	Dialects    []string          `json:"dialects,omitempty"`
	// AdminToken is what POST CreateURL needs (Authorization: Bearer);
	// absent when creation is open.
	AdminToken string `json:"admin_token,omitempty"`
}

// ServeSeat is an agent seat of ServeInfo.
type ServeSeat struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	WSURL string `json:"ws_url"`
}

// describe is what serve prints of the match created.
func describe(hostport string, c infsrv.Created, srv *infsrv.Server, seed string) ServeInfo {
	base := "http://" + hostport
	mi, _ := srv.Info(c.MatchID)
	info := ServeInfo{
		Game: harness.GameInference, URL: base, MatchID: c.MatchID, Seats: mi.Config.TableSize, Rounds: mi.Config.Rounds,
		DeadlineMS: mi.Config.TurnDeadlineMS, Seed: seed, RulesURL: base + "/rules/inference",
		LogURL: base + "/r/" + c.MatchID + ".jsonl", CreateURL: base + "/api/inference/matches",
		Agents: []ServeSeat{}, Adversaries: map[string]string{},
	}
	for _, sd := range mi.Seats {
		if !sd.Agent {
			info.Adversaries[strconv.Itoa(sd.Seat)] = sd.Kind
			continue
		}
		info.Agents = append(info.Agents, ServeSeat{Seat: sd.Seat, Token: c.Tokens[strconv.Itoa(sd.Seat)],
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

// printInfo prints info as one JSON line or as text.
func printInfo(e gamecli.Env, format string, info ServeInfo) {
	if format == "json" {
		_ = gamecli.WriteJSONLine(e.Stdout, info)
		return
	}
	w := e.Stdout
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
