package proxysidetest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

func init() { game.Extend(Game.Name, Game) }

// Rounds and LongRounds are the rounds of the tests' matches and of a
// long one (proxytest.Spec.Long): enough that a match is mostly relayed
// decisions, not its connections' setup (every seat calls, so a round is
// one decision per seat).
const (
	Rounds     = 6
	LongRounds = 40
)

// Game is Inference's part: matches made through the harness extension
// (POST /api/inference/matches), the agent told its match, the log at
// /r/<match>.jsonl.
var Game = proxytest.Game{
	Name:  harness.GameInference,
	Seats: 3,
	Create: func(ctx context.Context, client *http.Client, base string, s proxytest.Spec) (proxytest.Match, error) {
		rounds := Rounds
		if s.Long {
			rounds = LongRounds
		}
		body := map[string]any{"seats": s.Seats, "rounds": rounds, "deadline_ms": s.DeadlineMS, "seed": s.Seed, "agents": s.Agents}
		var out struct {
			MatchID string            `json:"match_id"`
			Tokens  map[string]string `json:"tokens"`
		}
		if err := proxytest.PostJSON(ctx, client, base+"/api/inference/matches", body, &out); err != nil {
			return proxytest.Match{}, err
		}
		return proxytest.Match{ID: out.MatchID, Tokens: proxytest.Tokens(out.Tokens)}, nil
	},
	Env:      func(m proxytest.Match, seat int) []string { return []string{"UMPIRE_MATCH=" + m.ID} },
	Agent:    "goagent",
	Seat:     seat,
	LogURL:   func(base string, m proxytest.Match) string { return base + "/r/" + url.PathEscape(m.ID) + ".jsonl" },
	LogCheck: "server-match-log",
}

// seat plays one seat over WebSocket, calling (or folding) at
// every turn, and returns its decisions and the time from each move to the
// seat's next message.
func seat(ctx context.Context, _ *http.Client, base string, match proxytest.Match, seat int, _ string) (int, []time.Duration, error) {
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(match.ID) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return 0, nil, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": match.ID, "seat": seat, "token": match.Tokens[seat]})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return 0, nil, err
	}
	var lat []time.Duration
	var sent time.Time
	n := 0
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return n, lat, err
		}
		if !sent.IsZero() {
			lat = append(lat, time.Since(sent))
			sent = time.Time{}
		}
		var m struct {
			Type         string `json:"type"`
			Turn         int    `json:"turn"`
			LegalActions []struct {
				Action string `json:"action"`
			} `json:"legal_actions"`
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		switch m.Type {
		case "match_end":
			_ = c.Close(websocket.StatusNormalClosure, "")
			return n, lat, nil
		case "your_turn":
			action := "fold"
			for _, a := range m.LegalActions {
				if a.Action == "call" {
					action = "call"
				}
			}
			mv, _ := json.Marshal(map[string]any{"type": "move", "match_id": match.ID, "turn": m.Turn, "action": action})
			sent = time.Now()
			if err := c.Write(ctx, websocket.MessageText, mv); err != nil {
				return n, lat, err
			}
			n++
		}
	}
}
