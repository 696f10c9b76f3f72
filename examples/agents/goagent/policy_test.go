package main

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

func turnMsg(value, breakeven string, legal string) string {
	return `{"type":"your_turn","match_id":"m-1","round":3,"turn":2,"visible_state":{"your_value":` + value +
		`,"call_breakeven_value":` + breakeven + `},"legal_actions":` + legal + `}`
}

const allLegal = `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":6}]`

func TestInferencePolicy(t *testing.T) {
	tests := []struct {
		name    string
		msg     string
		action  string
		checkOK func(m move) bool
	}{
		{"strong value raises within bounds", turnMsg("97", "40", allLegal), "raise", func(m move) bool { return m.Amount != nil && *m.Amount >= 1 && *m.Amount <= 6 }},
		{"value above break-even calls", turnMsg("60", "40", allLegal), "call", nil},
		{"free call checks with a middling value", turnMsg("30", "null", allLegal), "call", nil},
		{"weak value folds", turnMsg("10", "40", allLegal), "fold", nil},
		{"raise not offered: strong value calls", turnMsg("99", "40", `[{"action":"fold"},{"action":"call","amount":4}]`), "call", nil},
		{"before a value is dealt", turnMsg("null", "null", allLegal), "call", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlayer(3)
			b, done, err := p.handle([]byte(tc.msg))
			if err != nil || done {
				t.Fatalf("handle = %s, %v, %v", b, done, err)
			}
			var m move
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("answer %s: %v", b, err)
			}
			if m.Type != "move" || m.MatchID != "m-1" || m.Turn != 2 || m.Action != tc.action {
				t.Errorf("have %s, want a move for m-1 turn 2 with action %s", b, tc.action)
			}
			if tc.checkOK != nil && !tc.checkOK(m) {
				t.Errorf("have %s: amount out of bounds", b)
			}
		})
	}
}

func TestInferenceErrorsReopenTheTurn(t *testing.T) {
	p := newPlayer(1)
	seen := map[string]bool{}
	b, _, _ := p.handle([]byte(turnMsg("60", "40", allLegal)))
	for i := 0; b != nil; i++ {
		var m move
		json.Unmarshal(b, &m)
		if seen[m.Action] {
			t.Fatalf("action %s repeated after an error", m.Action)
		}
		seen[m.Action] = true
		b, _, _ = p.handle([]byte(`{"type":"error","match_id":"m-1","code":"illegal_move","message":"no","turn":2}`))
	}
	if len(seen) != 3 {
		t.Errorf("tried %v, want each of the 3 offered actions once", seen)
	}
	// Errors for another turn, or codes that do not reopen it, need no answer.
	p.handle([]byte(turnMsg("60", "40", allLegal)))
	for _, msg := range []string{
		`{"type":"error","code":"illegal_move","turn":7}`,
		`{"type":"error","code":"stale_turn","turn":2}`,
		`{"type":"event","event":{"type":"action"}}`,
		`{"type":"welcome","seat":1}`,
	} {
		if b, done, err := p.handle([]byte(msg)); b != nil || done || err != nil {
			t.Errorf("handle(%s) = %s, %v, %v; want no answer", msg, b, done, err)
		}
	}
}

const request = `{"seatId":2,"observationVersion":41,"observation":{"you":2},"legalActions":[` +
	`{"actionId":"shot:shot_07:3","command":"play_shot"},{"actionId":"end_play","command":"end_play"}]}`

func TestBangArenaPolicy(t *testing.T) {
	p := newPlayer(5)
	ids, cmds := map[string]bool{}, map[string]bool{}
	b, _, err := p.handle([]byte(request))
	for b != nil {
		var d decision
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		if d.Seat != 2 || d.ObservationVersion != 41 || ids[d.ActionID] || cmds[d.CommandID] || !strings.Contains(request, `"`+d.ActionID+`"`) {
			t.Fatalf("decision %s: want seat 2, version 41, a fresh offered actionId and commandId", b)
		}
		ids[d.ActionID], cmds[d.CommandID] = true, true
		b, _, err = p.handle([]byte(`{"error":{"code":"illegal_action","message":"no","reask":true}}`))
	}
	if err != nil || len(ids) != 2 {
		t.Errorf("tried %v (%v), want both items once", ids, err)
	}
	for _, msg := range []string{
		`{"seatId":2,"observationVersion":42,"legalActions":[]}`,
		`{"error":{"code":"stale_version","retryable":true}}`,
	} {
		if b, done, err := p.handle([]byte(msg)); b != nil || done || err != nil {
			t.Errorf("handle(%s) = %s, %v, %v; want no answer", msg, b, done, err)
		}
	}
	if _, done, _ := p.handle([]byte(`{"type":"match_end"}`)); !done {
		t.Error("match_end did not end the match")
	}
}

// TestBangArenaPrefersAnswers checks the weights: a Ricochet is chosen over
// taking the hit most of the time, never always the same over many seeds.
func TestBangArenaPrefersAnswers(t *testing.T) {
	req := `{"seatId":1,"observationVersion":9,"legalActions":[{"actionId":"miss:miss_03","command":"play_miss"},{"actionId":"pass_reaction","command":"pass_reaction"}]}`
	miss := 0
	for seed := range uint64(200) {
		b, _, _ := newPlayer(seed).handle([]byte(req))
		if bytes.Contains(b, []byte(`"miss:miss_03"`)) {
			miss++
		}
	}
	if miss < 140 || miss == 200 {
		t.Errorf("Ricochet chosen %d times in 200, want most but not all (weights 8:1)", miss)
	}
}

func TestServeLines(t *testing.T) {
	in := strings.Join([]string{
		`{"type":"welcome","match_id":"m-1"}`,
		`not json`,
		turnMsg("60", "40", allLegal),
		`{"type":"match_end","match_id":"m-1"}`,
		turnMsg("60", "40", allLegal), // after the end: never read
	}, "\n")
	var out, log bytes.Buffer
	if err := serveLines(strings.NewReader(in), &out, newPlayer(1), &log); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], `"action":"call"`) {
		t.Errorf("output %q, want one call", out.String())
	}
	if !strings.Contains(log.String(), "ignoring") {
		t.Errorf("log %q, want the bad line reported", log.String())
	}
}

// FuzzHandle: whatever arrives, the agent does not panic and every answer is
// one JSON object.
func FuzzHandle(f *testing.F) {
	f.Add([]byte(turnMsg("60", "40", allLegal)))
	f.Add([]byte(request))
	f.Add([]byte(`{"error":{"reask":true}}`))
	f.Add([]byte(`{"type":"your_turn","legal_actions":[{"action":"raise","min":9,"max":2}]}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		p := newPlayer(1)
		p.handle([]byte(request))
		b, _, err := p.handle(msg)
		if err == nil && b != nil && (!json.Valid(b) || b[0] != '{') {
			t.Fatalf("answer %q is not one JSON object", b)
		}
	})
}

func TestHandler(t *testing.T) {
	tests := []struct {
		name, method, body string
		status             int
		contains           string
	}{
		{"your_turn", "POST", turnMsg("60", "40", allLegal), 200, `"action":"call"`},
		{"event", "POST", `{"type":"event"}`, 204, ""},
		{"not JSON", "POST", `nope`, 400, ""},
		{"GET", "GET", "", 405, ""},
	}
	h := handler(newPlayer(1))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, "/", strings.NewReader(tc.body)))
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.contains) {
				t.Errorf("have %d %q, want %d with %q", rec.Code, rec.Body.String(), tc.status, tc.contains)
			}
		})
	}
}

// TestKept: after a match_start, match_end no longer ends the program and
// every match starts afresh: the same messages get the same answers in
// the second match as in the first.
func TestKept(t *testing.T) {
	turn := []byte(`{"type":"your_turn","match_id":"m-1","turn":1,"visible_state":{"your_value":70,"to_call":0},"legal_actions":[{"action":"fold"},{"action":"call","amount":0},{"action":"raise","min":2,"max":20}]}`)
	p := newPlayer(7)
	var answers []string
	for range 2 {
		if a, done, err := p.handle([]byte(`{"type":"match_start","game":"inference","seat":0,"seats":3,"match":1}`)); a != nil || done || err != nil {
			t.Fatalf("match_start: %s %v %v", a, done, err)
		}
		a, _, err := p.handle(turn)
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, string(a))
		if _, done, _ := p.handle([]byte(`{"type":"match_end"}`)); done {
			t.Fatal("a kept agent ended on match_end")
		}
	}
	if answers[0] != answers[1] {
		t.Errorf("the second match did not start afresh: %s vs %s", answers[0], answers[1])
	}
	if _, done, _ := newPlayer(7).handle([]byte(`{"type":"match_end"}`)); !done {
		t.Error("an agent that was not kept did not end on match_end")
	}
}
