package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// The envelopes as encoding/json writes them: the reference the appending
// encoders of wire.go must match byte for byte.

type welcomeRef struct {
	Type         string          `json:"type"`
	MatchID      string          `json:"match_id"`
	Seat         int             `json:"seat"`
	RulesVersion string          `json:"rules_version"`
	VisibleState json.RawMessage `json:"visible_state"`
}

type yourTurnRef struct {
	Type         string            `json:"type"`
	MatchID      string            `json:"match_id"`
	Round        int               `json:"round"`
	Turn         int               `json:"turn"`
	DeadlineMS   *int              `json:"deadline_ms,omitempty"`
	VisibleState json.RawMessage   `json:"visible_state"`
	LegalActions []ref.LegalAction `json:"legal_actions"`
}

type errorRef struct {
	Type    string `json:"type"`
	MatchID string `json:"match_id"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Turn    int    `json:"turn"`
	Rule    string `json:"rule,omitempty"`
}

var hostileText = []string{"m-1f2e", "", `"quoted" \ back`, "<script>&amp;</script>", "tab\tnl\n\x00\x7f", "line\u2028sep\u2029", "bad \xff utf8", "émoji 🂡"}

// TestEnvelopesMatchEncodingJSON: welcome, your_turn (with and without
// deadline_ms) and error envelopes are written exactly as encoding/json
// writes them (inference/protocol.envelope), whatever the text inside.
func TestEnvelopesMatchEncodingJSON(t *testing.T) {
	m, err := ref.NewMatch(ref.DefaultConfig(), "m", "wire", hostileText[:6], nil)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; m.Round() < 3; k++ {
		mv := ref.Move{Action: ref.ActionCall}
		if k%3 == 0 {
			mv.Message = hostileText[k%len(hostileText)]
		}
		if err := m.Apply(m.ToAct(), mv); err != nil {
			t.Fatal(err)
		}
	}
	vs := m.View(m.ToAct())
	view := vs.AppendJSON(nil)
	legal := m.Legal(nil)
	same := func(what string, have []byte, v any) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(have) != string(want) {
			t.Fatalf("%s:\nhave %s\nwant %s", what, have, want)
		}
	}
	for i, id := range hostileText {
		text := hostileText[(i+3)%len(hostileText)]
		same("welcome", appendWelcome([]byte{}, id, i, view),
			welcomeRef{Type: TypeWelcome, MatchID: id, Seat: i, RulesVersion: ref.RulesVersion, VisibleState: view})
		for _, dl := range []int{-1, 0, 30000} {
			want := yourTurnRef{Type: TypeYourTurn, MatchID: id, Round: i, Turn: 1000 + i, VisibleState: view, LegalActions: legal}
			if dl >= 0 {
				want.DeadlineMS = &dl
			}
			same(fmt.Sprint("your_turn deadline ", dl), appendYourTurnTail(append(appendYourTurnHead(nil, id, i, 1000+i, dl), view...), legal), want)
		}
		for _, rule := range []string{"", "inference/illegal.not-your-turn", text} {
			same("error", encodeError(id, CodeIllegalMove, text, i-3, rule),
				errorRef{Type: TypeError, MatchID: id, Code: CodeIllegalMove, Message: text, Turn: i - 3, Rule: rule})
		}
	}
}

// TestYourTurnViewsRoundTrip plays a long stdio match (history trimmed
// after HistoryFullRounds rounds) and checks every your_turn: its bytes are
// what encoding/json writes for the envelope it decodes to, and its
// history (encoded once per round and reused) holds every finished round.
func TestYourTurnViewsRoundTrip(t *testing.T) {
	s, _ := testServer(t, Options{})
	c, err := s.CreateMatch(MatchSpec{Seats: 4, Rounds: ref.HistoryFullRounds + 6, DeadlineMS: 30000, Seed: strp("round-trip"), Agents: []int{2}, Adversaries: []string{"passive"}})
	if err != nil {
		t.Fatal(err)
	}
	var turns []frame
	playStdio(t, s, c.MatchID, 2, nil, func(env Envelope, line []byte) any {
		turns = append(turns, frame{env: env, raw: line})
		return MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: *env.Turn, Action: ref.ActionCall}
	})
	last := 0
	for _, f := range turns {
		e := f.env
		vs := e.VisibleState
		want, _ := json.Marshal(yourTurnRef{Type: e.Type, MatchID: e.MatchID, Round: e.Round, Turn: *e.Turn, DeadlineMS: e.DeadlineMS,
			VisibleState: json.RawMessage(vs.AppendJSON(nil)), LegalActions: e.LegalActions})
		if !bytes.Equal(f.raw, want) {
			t.Fatalf("round %d turn %d: your_turn is not what encoding/json writes for it:\nhave %s\nwant %s", e.Round, *e.Turn, f.raw, want)
		}
		if n := len(vs.History); n != e.Round-1 || (n > 0 && vs.History[n-1].Round != n) {
			t.Fatalf("round %d: history of %d rounds, want every finished round", e.Round, n)
		}
		last = e.Round
	}
	if last <= ref.HistoryFullRounds+1 {
		t.Fatalf("the agent's last turn is in round %d: the test does not reach trimmed history", last)
	}
}

// TestParseInIntegralNumbers (I-INF-S9): an integer field takes a JSON
// number of integral value however it is spelled; a string or a fraction is
// a bad message.
func TestParseInIntegralNumbers(t *testing.T) {
	tests := []struct {
		in           string
		turn, amount int
		bad          bool
	}{
		{`{"type":"move","turn":1.0,"action":"raise","amount":2.0}`, 1, 2, false},
		{`{"type":"move","turn":1e0,"action":"raise","amount":20e-1}`, 1, 2, false},
		{`{"type":"move","turn":3,"action":"call","amount":null,"message":null}`, 3, -1, false},
		{`{"type":"move","turn":"1","action":"call"}`, 0, 0, true},
		{`{"type":"move","turn":1.5,"action":"call"}`, 0, 0, true},
		{`{"type":"move","turn":1,"action":"raise","amount":1e300}`, 0, 0, true},
	}
	for _, tc := range tests {
		m, bad := parseIn([]byte(tc.in))
		if (bad != "") != tc.bad {
			t.Errorf("parseIn(%s): bad %q, want bad %v", tc.in, bad, tc.bad)
			continue
		}
		if tc.bad {
			continue
		}
		if m.Turn == nil || *m.Turn != tc.turn {
			t.Errorf("parseIn(%s): turn %v, want %d", tc.in, m.Turn, tc.turn)
		}
		if tc.amount < 0 && m.Amount != nil || tc.amount >= 0 && (m.Amount == nil || *m.Amount != tc.amount) {
			t.Errorf("parseIn(%s): amount %v, want %d", tc.in, m.Amount, tc.amount)
		}
	}
}
