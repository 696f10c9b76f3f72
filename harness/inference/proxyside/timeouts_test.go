package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/reports"
)

// playSilent plays seat over the relay's WebSocket without ever moving:
// every turn of the seat times out.
func playSilent(ctx context.Context, t *testing.T, base string, c created, seat int) {
	t.Helper()
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(c.ID) + "&seat=" + strconv.Itoa(seat)
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": c.ID, "seat": seat, "token": c.Tokens[seat]})
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	for {
		_, msg, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("reading: %v", err)
		}
		var m struct{ Type string }
		if json.Unmarshal(msg, &m) == nil && m.Type == "match_end" {
			_ = conn.Close(websocket.StatusNormalClosure, "")
			return
		}
	}
}

// rulesOf lists the rules the findings of rep cite, and the status of its
// server-timeouts checks.
func rulesOf(rep *reports.Report) (map[string]bool, []reports.Status) {
	got := map[string]bool{}
	var st []reports.Status
	for _, c := range rep.Checks {
		for _, f := range c.Findings {
			got[f.Rule] = true
		}
		if c.Name == "server-timeouts" {
			st = append(st, c.Status)
		}
	}
	return got, st
}

// TestTimeoutsThroughRelay: a seat whose agent never moves through the
// relay. Against the conforming server the relay charges the agent
// (answer-in-time at that seat) and passes the server's timeouts; against
// a server that times out early, or folds where the rules say call, it
// names that server rule.
func TestTimeoutsThroughRelay(t *testing.T) {
	for _, tc := range []struct {
		fault string
		want  []string
		not   []string
	}{
		{"", []string{"inference/agent.answer-in-time"}, []string{"inference/timeouts.deadline", "inference/timeouts.default-action"}},
		{"short-deadline", []string{"inference/timeouts.deadline"}, []string{"inference/agent.answer-in-time"}},
		{"no-timeout-default", []string{"inference/timeouts.default-action", "inference/agent.answer-in-time"}, []string{"inference/timeouts.deadline"}},
	} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			r := newRig(t, faults...)
			c := r.Create("proxy-timeouts", 3, []int{0}, 400)
			playSilent(ctx, t, r.Front.URL, c, 0)
			rep := r.Report(ctx, 1)
			got, st := rulesOf(rep)
			for _, w := range tc.want {
				if !got[w] {
					dump(t, rep)
					t.Fatalf("no finding cites %s; findings %v", w, failing(rep))
				}
			}
			for _, n := range tc.not {
				if got[n] {
					dump(t, rep)
					t.Errorf("a finding cites %s, which %q does not explain", n, tc.fault)
				}
			}
			if tc.fault == "" && !slices.Equal(st, []reports.Status{reports.Pass}) {
				dump(t, rep)
				t.Errorf("server-timeouts: %v, want pass", st)
			}
			for _, f := range failing(rep) {
				if f == "inference/agent.answer-in-time@1[MUST]" || f == "inference/agent.answer-in-time@2[MUST]" {
					t.Errorf("%s: a seat outside the relay charged", f)
				}
			}
		})
	}
}

// TestTimeoutJudgedAgainstMove: a scripted server that times a seat out
// although its legal move came at once, and one that applies a move that
// came past the deadline: both are the server's deadline fault, and the
// agent is not charged for the first.
func TestTimeoutJudgedAgainstMove(t *testing.T) {
	const turn = `{"type":"your_turn","match_id":"m-1","round":1,"turn":0,"deadline_ms":%d,` +
		`"visible_state":{"round":1,"your_seat":0,"to_call":0,"players":[]},"legal_actions":[{"action":"fold"},{"action":"call","amount":0}]}`
	for _, tc := range []struct {
		name     string
		deadline int
		wait     time.Duration
		events   []string
		want     string
		not      string
	}{
		{"timed out despite a move in time", 2000, 0, []string{
			`{"type":"event","match_id":"m-1","event":{"type":"timeout","round":1,"turn":0,"seat":0,"strikes":1}}`,
			`{"type":"event","match_id":"m-1","event":{"type":"action","round":1,"turn":0,"seat":0,"action":"call","amount":0,"timeout":true}}`,
		}, "inference/timeouts.deadline", "inference/agent.answer-in-time"},
		{"a late move applied", 100, 300 * time.Millisecond, []string{
			`{"type":"event","match_id":"m-1","event":{"type":"action","round":1,"turn":0,"seat":0,"action":"call","amount":0}}`,
		}, "inference/timeouts.deadline", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
				_ = c.Write(ctx, websocket.MessageText, []byte(fmt.Sprintf(turn, tc.deadline)))
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
				for _, e := range tc.events {
					_ = c.Write(ctx, websocket.MessageText, []byte(e))
				}
				_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"match_end","match_id":"m-1"}`))
				_, _, _ = c.Read(ctx)
			})
			p, base := relayTo(t, srv.URL, 0)
			c, _, err := websocket.Dial(ctx, base+"0", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c.CloseNow()
			_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"t"}`))
			if _, _, err := c.Read(ctx); err != nil {
				t.Fatal(err)
			}
			time.Sleep(tc.wait)
			_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","match_id":"m-1","turn":0,"action":"call"}`))
			for {
				_, b, err := c.Read(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Contains(b, []byte("match_end")) {
					break
				}
			}
			_ = c.Close(websocket.StatusNormalClosure, "")
			if err := p.WaitEnded(ctx, 1); err != nil {
				t.Fatal(err)
			}
			rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{game.Name}}, nil)
			rep.Checks = p.Checks()
			got, _ := rulesOf(rep)
			if !got[tc.want] {
				dump(t, rep)
				t.Fatalf("no finding cites %s; findings %v", tc.want, failing(rep))
			}
			if tc.not != "" && got[tc.not] {
				dump(t, rep)
				t.Errorf("a finding cites %s", tc.not)
			}
		})
	}
}
