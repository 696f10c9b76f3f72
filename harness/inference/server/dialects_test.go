package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDialectRewrites: each content dialect changes what it says it
// changes, and nothing when it is off.
func TestDialectRewrites(t *testing.T) {
	turn := `{"type":"your_turn","match_id":"m","round":2,"turn":1,"deadline_ms":1000,"visible_state":{"your_seat":1,"your_credits":50,"to_call":4,"current_bet":4,"pot":10,"call_breakeven_value":22,"limits":{"ante":2},"players":[{"seat":0,"in_round":true,"folded":false},{"seat":1,"in_round":true,"folded":false},{"seat":2,"in_round":true,"folded":true}]},"legal_actions":[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]}`
	errMsg := `{"type":"error","match_id":"m","code":"bad_message","message":"no","turn":3}`
	tests := []struct {
		dialect Dialect
		in      string
		want    []string // substrings of the rewritten message
		dropped bool
	}{
		{DialectErrorCodesOwn, errMsg, []string{`"code":"invalid_message"`}, false},
		{DialectErrorCodeNumeric, errMsg, []string{`"code":3`}, false},
		{DialectErrorNoCode, errMsg, []string{`"message":"no"`}, false},
		{DialectErrorNoTurn, errMsg, []string{`"code":"bad_message"`}, false},
		{DialectExtraFields, turn, []string{`"x_server"`, `"x_table"`, `"x_note"`, `"x_hint"`}, false},
		{DialectLegalOrder, turn, []string{`"legal_actions":[{"action":"raise"`}, false},
		{DialectBetWithAnte, turn, []string{`"current_bet":6`}, false},
		// One opponent in (seat 2 folded), pot 10, cost 4: (v−1)/100 × 14 ≥ 4 from v = 30.
		{DialectBreakevenTiesLose, turn, []string{`"call_breakeven_value":30`}, false},
		// (4/14)^1 × 100 + 1 = 29.57…
		{DialectBreakevenFloat, turn, []string{`"call_breakeven_value":29.6`}, false},
		{DialectWelcomeLean, `{"type":"welcome","match_id":"m","seat":1,"rules_version":"inference-0.4","visible_state":{}}`, []string{`"seat":1`}, false},
		{DialectMatchEndLean, `{"type":"match_end","match_id":"m","seed_commit":"ab","seed":"s"}`, []string{`"seed":"s"`}, false},
		// Seat 2 timed out a third time this round (still in it); seat 0 sits out.
		{DialectSittingOutNextRound, `{"type":"your_turn","visible_state":{"round":3,"players":[{"seat":0,"sitting_out":true,"back_in_round":8,"in_round":false},{"seat":2,"sitting_out":true,"back_in_round":9,"in_round":true}]}}`,
			[]string{`{"back_in_round":8,"in_round":false,"seat":0,"sitting_out":true}`, `{"in_round":true,"seat":2,"sitting_out":false}`}, false},
		{DialectTimeoutOnAction, `{"type":"event","match_id":"m","event":{"type":"timeout","round":1,"turn":0,"seat":1,"strikes":1}}`, nil, true},
	}
	gone := map[Dialect]string{DialectErrorNoCode: `"code"`, DialectErrorNoTurn: `"turn"`, DialectWelcomeLean: `"visible_state"`, DialectMatchEndLean: `"seed_commit"`}
	for _, tc := range tests {
		t.Run(string(tc.dialect), func(t *testing.T) {
			set, err := newDialectSet([]Dialect{tc.dialect})
			if err != nil {
				t.Fatal(err)
			}
			out, _ := set.rewrite([]byte(tc.in))
			if tc.dropped {
				if out != nil {
					t.Fatalf("have %s, want the message dropped", out)
				}
				return
			}
			if !json.Valid(out) {
				t.Fatalf("not JSON: %s", out)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("have %s, want %s in it", out, w)
				}
			}
			if g, ok := gone[tc.dialect]; ok && strings.Contains(string(out), g) {
				t.Errorf("have %s, want %s gone", out, g)
			}
			var before, after any
			_ = json.Unmarshal([]byte(tc.in), &before)
			_ = json.Unmarshal(out, &after)
			if jsonEqual(before, after) {
				t.Errorf("the dialect changed nothing in %s", tc.in)
			}
		})
	}
	if _, err := ParseDialects("extra-fields, no-log"); err != nil {
		t.Error(err)
	}
	if _, err := ParseDialects("no-log,klingon"); err == nil || !strings.Contains(err.Error(), "known:") {
		t.Errorf("unknown dialect: %v", err)
	}
	if _, err := New(Options{Dialects: []Dialect{"klingon"}}); err == nil {
		t.Error("New accepted an unknown dialect")
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
