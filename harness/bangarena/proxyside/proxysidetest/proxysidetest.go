package proxysidetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

func init() { game.Extend(Game.Name, Game) }

// Game is BangArena's part: rooms made through the harness extension (POST
// /api/ai/rooms), the agent told its room, the log at the room's /log.
var Game = proxytest.Game{
	Name:  harness.GameBangArena,
	Seats: 4,
	Create: func(ctx context.Context, client *http.Client, base string, s proxytest.Spec) (proxytest.Match, error) {
		body := map[string]any{"seats": s.Seats, "roleMode": "classic", "seed": s.Seed, "deadlineMs": s.DeadlineMS, "agents": s.Agents}
		var out struct {
			RoomID string            `json:"roomId"`
			Tokens map[string]string `json:"tokens"`
		}
		if err := proxytest.PostJSON(ctx, client, base+"/api/ai/rooms", body, &out); err != nil {
			return proxytest.Match{}, err
		}
		return proxytest.Match{ID: out.RoomID, Tokens: proxytest.Tokens(out.Tokens)}, nil
	},
	Env:   func(m proxytest.Match, seat int) []string { return []string{"UMPIRE_ROOM=" + m.ID} },
	Agent: "goagent",
	Seat:  seat,
	LogURL: func(base string, m proxytest.Match) string {
		return base + "/api/ai/rooms/" + url.PathEscape(m.ID) + "/log"
	},
	LogCheck: "server-room-log",
}

// seat plays one seat over REST with the random scripted player
// and returns its decisions and the time of every HTTP exchange.
func seat(ctx context.Context, client *http.Client, base string, m proxytest.Match, seat int, seed string) (int, []time.Duration, error) {
	pl, err := baadv.New("random", seed+"/"+strconv.Itoa(seat))
	if err != nil {
		return 0, nil, err
	}
	prefix := base + "/api/ai/rooms/" + url.PathEscape(m.ID)
	var lat []time.Duration
	call := func(method, u string, body []byte) (int, []byte, error) {
		req, _ := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		req.Header.Set("x-agent-token", m.Tokens[seat])
		t0 := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		lat = append(lat, time.Since(t0))
		return resp.StatusCode, b, err
	}
	last, n := -1, 0
	for ctx.Err() == nil {
		status, body, err := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if err != nil || status != http.StatusOK {
			return n, lat, fmt.Errorf("observe: HTTP %d %v", status, err)
		}
		var req ba.DecisionRequest
		if err := json.Unmarshal(body, &req); err != nil {
			return n, lat, err
		}
		if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
			return n, lat, nil
		}
		if len(req.LegalActions) == 0 || req.ObservationVersion == last {
			time.Sleep(2 * time.Millisecond)
			continue
		}
		d, err := pl.Decide(&req)
		if err != nil {
			return n, lat, err
		}
		dec := map[string]any{"seat": seat, "actionId": d.ActionID,
			"commandId": fmt.Sprintf("c-%d-%d", seat, req.ObservationVersion), "observationVersion": req.ObservationVersion}
		if len(d.Args) > 0 {
			dec["args"] = d.Args
		}
		body, _ = json.Marshal(dec)
		if _, _, err := call(http.MethodPost, prefix+"/decision", body); err != nil {
			return n, lat, err
		}
		last = req.ObservationVersion
		n++
	}
	return n, lat, ctx.Err()
}
