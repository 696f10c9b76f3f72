package cli

import (
	"fmt"
	"io"
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

// describe is what serve prints of the room created; token is the admin
// token.
func describe(hostport, token string, c baserver.Created, srv *baserver.Server, seed string) ServeInfo {
	base := "http://" + hostport
	st, _ := srv.Status(c.RoomID)
	room := base + "/api/ai/rooms/" + c.RoomID
	info := ServeInfo{
		Game: harness.GameBangArena, BaseURL: base, RoomID: c.RoomID, Seats: st.Seats, RoleMode: st.RoleMode, Seed: seed,
		DeadlineMs: st.DeadlineMs, RulesURL: base + "/api/arena/rules", MCPURL: base + "/mcp", LogURL: room + "/log",
		Agents: []ServeSeat{}, Adversaries: map[string]string{}, AdminToken: token, Faults: gamecli.Names(srv.Faults()),
	}
	for _, seat := range st.Agents {
		info.Policy = st.Policies[seat]
		info.Agents = append(info.Agents, ServeSeat{Seat: seat, Token: c.Tokens[seat],
			ObserveURL: room + "/observe?seat=" + strconv.Itoa(seat), DecisionURL: room + "/decision"})
	}
	for seat, kind := range st.Adversaries {
		info.Adversaries[strconv.Itoa(seat)] = kind
	}
	return info
}

// FaultsOn names the faults the server runs with.
func (info ServeInfo) FaultsOn() []string { return info.Faults }

// WriteText prints info for people.
func (info ServeInfo) WriteText(w io.Writer) {
	t := gamecli.NewServeText(w, fmt.Sprintf("BangArena reference server (%s, %s)", ba.RulesetVersion, ba.ProtocolVersion))
	t.Row("base URL", "%s", info.BaseURL)
	t.Match("room", info.RoomID, info.Seed, fmt.Sprintf("%d seats", info.Seats), info.RoleMode,
		"deadline "+(time.Duration(info.DeadlineMs)*time.Millisecond).String())
	t.Row("rules", "GET  %s", info.RulesURL)
	t.Row("MCP", "POST %s", info.MCPURL)
	t.Row("rooms", "POST %s/api/ai/rooms", info.BaseURL)
	t.AdminToken(info.AdminToken)
	t.Row("log", "GET  %s  (after the match)", info.LogURL)
	for _, a := range info.Agents {
		t.Row(fmt.Sprintf("seat %d", a.Seat), "token %s  (policy %s)", a.Token, info.Policy)
		t.Row("", "observe  GET  %s", a.ObserveURL)
		t.Row("", "decision POST %s  (header x-agent-token)", a.DecisionURL)
	}
	t.Scripted(info.Adversaries)
	t.Close()
}
