package cli

import (
	"fmt"
	"io"
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

// describe is what serve prints of the match created; token is the
// admin token.
func describe(hostport, token string, c infsrv.Created, srv *infsrv.Server, seed string) ServeInfo {
	base := "http://" + hostport
	mi, _ := srv.Info(c.MatchID)
	info := ServeInfo{
		Game: harness.GameInference, URL: base, MatchID: c.MatchID, Seats: mi.Config.TableSize, Rounds: mi.Config.Rounds,
		DeadlineMS: mi.Config.TurnDeadlineMS, Seed: seed, RulesURL: base + "/rules/inference",
		LogURL: base + "/r/" + c.MatchID + ".jsonl", CreateURL: base + "/api/inference/matches",
		Agents: []ServeSeat{}, Adversaries: map[string]string{}, AdminToken: token,
	}
	for _, sd := range mi.Seats {
		if !sd.Agent {
			info.Adversaries[strconv.Itoa(sd.Seat)] = sd.Kind
			continue
		}
		info.Agents = append(info.Agents, ServeSeat{Seat: sd.Seat, Token: c.Tokens[strconv.Itoa(sd.Seat)],
			WSURL: fmt.Sprintf("ws://%s/ws/inference?match=%s&seat=%d", hostport, c.MatchID, sd.Seat)})
	}
	info.Faults = gamecli.Names(srv.Faults())
	info.Dialects = gamecli.Names(srv.Dialects())
	return info
}

// FaultsOn names the faults the server runs with.
func (info ServeInfo) FaultsOn() []string { return info.Faults }

// WriteText prints info for people.
func (info ServeInfo) WriteText(w io.Writer) {
	t := gamecli.NewServeText(w, fmt.Sprintf("Inference reference server (%s)", ref.RulesVersion))
	t.Row("URL", "%s", info.URL)
	t.Match("match", info.MatchID, info.Seed, fmt.Sprintf("%d seats", info.Seats), fmt.Sprintf("%d rounds", info.Rounds),
		"deadline "+(time.Duration(info.DeadlineMS)*time.Millisecond).String())
	t.Row("rules", "GET  %s", info.RulesURL)
	t.Row("log", "GET  %s  (deal_private lines once the match is over)", info.LogURL)
	t.Row("matches", "POST %s", info.CreateURL)
	t.AdminToken(info.AdminToken)
	if len(info.Dialects) > 0 {
		t.Row("dialects", "%s  (legitimate choices where the rules are silent)", strings.Join(info.Dialects, ", "))
	}
	for _, a := range info.Agents {
		t.Row(fmt.Sprintf("seat %d", a.Seat), "token %s", a.Token)
		t.Row("", "%s  (first message: hello with the token)", a.WSURL)
	}
	t.Scripted(info.Adversaries)
	var closing []string
	if len(info.Agents) > 0 {
		closing = append(closing, "The match starts when every agent seat has said hello.")
	}
	t.Close(closing...)
}
