package proxyside

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// TestAgentMoveReadAsTheServerReads: the proxy reads an agent's move with
// the one reader the embedded server and certification use (wire.ReadMove):
// a raise's amount written 2.0 is the integer 2 (I-INF-S9), a legal answer
// that breaks no line hygiene; a fraction is no amount (the legality check
// judges it); only a message that is not one JSON object is a hygiene
// finding.
func TestAgentMoveReadAsTheServerReads(t *testing.T) {
	m, err := ref.NewMatch(ref.DefaultConfig(), "m-move", "move-read", []string{"a", "b", "c", "d", "e", "f"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	seat := m.ToAct()
	vs := m.View(seat)
	yourTurn, err := json.Marshal(map[string]any{"type": "your_turn", "match_id": "m-move", "round": m.Round(), "turn": m.Turn(),
		"deadline_ms": 10000, "visible_state": json.RawMessage(vs.AppendJSON(nil)), "legal_actions": m.Legal(nil)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		move           string
		hygiene, legal int // findings
	}{
		{"amount 2", `{"type":"move","match_id":"m-move","turn":%d,"action":"raise","amount":2}`, 0, 0},
		{"amount 2.0", `{"type":"move","match_id":"m-move","turn":%d,"action":"raise","amount":2.0}`, 0, 0},
		{"amount 1.5", `{"type":"move","match_id":"m-move","turn":%d,"action":"raise","amount":1.5}`, 0, 1},
		{"not an object", `[%d]`, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, j := newTestRelay(t)
			im := j.matchFor("m-move")
			im.opened(seat)
			im.server(seat, time.Now(), websocket.MessageText, yourTurn)
			move := fmt.Appendf(nil, tc.move, m.Turn())
			im.agent(seat, time.Now(), websocket.MessageText, move)
			h, l := im.tally(infAgentHygiene), im.tally(infAgentLegal)
			if len(h.Findings) != tc.hygiene || h.Ran == 0 {
				t.Errorf("%s: agent.hygiene has %d finding(s) in %d judged; want %d", move, len(h.Findings), h.Ran, tc.hygiene)
			}
			if len(l.Findings) != tc.legal || (l.Ran == 0) != (tc.hygiene > 0) {
				t.Errorf("%s: agent.legal-answer has %d finding(s) in %d judged; want %d", move, len(l.Findings), l.Ran, tc.legal)
			}
		})
	}
}
