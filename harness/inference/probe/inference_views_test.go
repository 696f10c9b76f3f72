package probe

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/judge"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/reports"
)

// viewStream is seat 0's stream of a round: match_start (30 credits), a
// welcome, round 1 (dealer 2, ante 2, seats 0-2), seat 0 raises 3, seat 1
// folds, then seat 2's view... here seat 0's own your_turn after seat 2
// re-raised 2. Each edit replaces one text in it.
func viewStream(t *testing.T, edits ...string) []infMsg {
	t.Helper()
	ev := func(e string) string { return `{"type":"event","match_id":"m","event":` + e + `}` }
	lines := []string{
		`{"type":"welcome","match_id":"m","seat":0,"visible_state":{"round":0,"your_seat":0,"your_credits":30,"players":[{"seat":0,"credits":30},{"seat":1,"credits":30},{"seat":2,"credits":30}],"history":[]}}`,
		ev(`{"type":"match_start","match_id":"m","rules_version":"inference-0.4","table_size":3,"rounds_total":3,"starting_credits":30,"seats":[{"seat":0,"name":"a"},{"seat":1,"name":"b"},{"seat":2,"name":"c"}],"limits":{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1},"min_raise":1,"max_raise":10,"max_raises_per_round":3,"value_min":1,"value_max":100,"turn_deadline_ms":10000,"max_consecutive_timeouts":3,"sit_out_rounds":5,"max_message_chars":280},"seed_commit":"53abedb7a68881df209b2022677b3ae282fe688322967f5a3a3d6929b94ffee7"}`),
		ev(`{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,1,2]}`),
		ev(`{"type":"ante","round":1,"seat":0,"amount":2}`),
		ev(`{"type":"ante","round":1,"seat":1,"amount":2}`),
		ev(`{"type":"ante","round":1,"seat":2,"amount":2}`),
		ev(`{"type":"message","round":1,"turn":0,"seat":0,"text":"hi"}`),
		ev(`{"type":"action","round":1,"turn":0,"seat":0,"action":"raise","amount":3}`),
		ev(`{"type":"action","round":1,"turn":1,"seat":1,"action":"fold"}`),
		ev(`{"type":"action","round":1,"turn":2,"seat":2,"action":"raise","amount":2}`),
		`{"type":"your_turn","match_id":"m","round":1,"turn":3,"visible_state":{"round":1,"dealer":2,"your_seat":0,"your_credits":25,"to_call":2,"call_breakeven_value":BE,"current_bet":5,"pot":14,"raises_used":2,"limits":{"ante":2},"players":[{"seat":0,"credits":25,"in_round":true,"contribution":5},{"seat":1,"credits":28,"in_round":true,"folded":true,"contribution":2},{"seat":2,"credits":23,"in_round":true,"contribution":7}],"history":[]}}`,
	}
	text := strings.Join(lines, "\n")
	// The breakeven value of a call of 2 into 14 against one seat.
	text = strings.Replace(text, "BE", "13", 1)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("edit %q matches nothing", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	var out []infMsg
	for _, l := range strings.Split(text, "\n") {
		if l == "" {
			continue
		}
		env, ok := wire.ReadEnvelope([]byte(l))
		if !ok {
			t.Fatalf("not JSON: %s", l)
		}
		m := infMsg{Seat: 0, Raw: json.RawMessage(l), Env: env}
		if env.Type == "event" {
			m.Ev = wire.ReadEvent(env.Event)
		}
		out = append(out, m)
	}
	return out
}

func TestFollowViews(t *testing.T) {
	tests := []struct {
		name  string
		edits []string
		want  string // the rule cited, "" for none
	}{
		{"consistent", nil, ""},
		{"pot", []string{`"pot":14`, `"pot":12`}, "inference/visibility.public"},
		{"folded not shown", []string{`"folded":true,`, ``}, "inference/visibility.public"},
		{"credits", []string{`{"seat":2,"credits":23`, `{"seat":2,"credits":24`}, "inference/visibility.public"},
		{"contribution", []string{`"contribution":7`, `"contribution":5`}, "inference/wire.visible-state.contribution"},
		{"current bet", []string{`"current_bet":5`, `"current_bet":0`}, "inference/protocol.current-bet"},
		{"to call", []string{`"to_call":2`, `"to_call":5`}, "inference/visibility.to-call"},
		{"ante", []string{`"limits":{"ante":2}`, `"limits":{"ante":3}`}, "inference/wire.visible-state.ante"},
		{"breakeven null", []string{`"call_breakeven_value":13`, `"call_breakeven_value":null`}, "inference/visibility.breakeven"},
		{"breakeven off by one is read as equal", []string{`"call_breakeven_value":13`, `"call_breakeven_value":14`}, ""},
		{"breakeven far off", []string{`"call_breakeven_value":13`, `"call_breakeven_value":40`}, "inference/visibility.breakeven"},
		{"history invented", []string{`"raises_used":2,"limits":{"ante":2},"players":[{"seat":0,"credits":25,"in_round":true,"contribution":5},{"seat":1,"credits":28,"in_round":true,"folded":true,"contribution":2},{"seat":2,"credits":23,"in_round":true,"contribution":7}],"history":[]`,
			`"raises_used":2,"limits":{"ante":2},"players":[{"seat":0,"credits":25,"in_round":true,"contribution":5},{"seat":1,"credits":28,"in_round":true,"folded":true,"contribution":2},{"seat":2,"credits":23,"in_round":true,"contribution":7}],"history":[{"round":0,"pot":1}]`}, "inference/visibility.history"},
		{"starting stack", []string{`"your_credits":30,"players":[{"seat":0,"credits":30}`, `"your_credits":30,"players":[{"seat":0,"credits":100}`}, "inference/match.credits"},
		{"sitting out unannounced", []string{`{"seat":1,"credits":28,"in_round":true,`, `{"seat":1,"credits":28,"sitting_out":true,"back_in_round":7,"in_round":true,`}, ""},
		// A server that gives seat 1 back its ante when it folds shows the
		// pot, its credits and its contribution without it.
		{"fold refunds", []string{`"pot":14`, `"pot":12`, `{"seat":1,"credits":28,"in_round":true,"folded":true,"contribution":2}`, `{"seat":1,"credits":30,"in_round":true,"folded":true,"contribution":0}`}, "inference/round.3.fold"},
		// The round's actions and messages, as the events before the view
		// gave them (a fold's amount, the flags and the order aside).
		{"actions and messages as the events", []string{`"raises_used":2,`, `"raises_used":2,"actions":[{"turn":1,"seat":1,"action":"fold","amount":0},{"turn":0,"seat":0,"action":"raise","amount":3},{"turn":2,"seat":2,"action":"raise","amount":2,"timeout":false}],"messages":[{"turn":0,"seat":0,"text":"hi"}],`}, ""},
		{"an action left out", []string{`"raises_used":2,`, `"raises_used":2,"actions":[{"turn":0,"seat":0,"action":"raise","amount":3},{"turn":1,"seat":1,"action":"fold"}],"messages":[{"turn":0,"seat":0,"text":"hi"}],`}, "inference/wire.visible-state.actions"},
		{"an action's amount", []string{`"raises_used":2,`, `"raises_used":2,"actions":[{"turn":0,"seat":0,"action":"raise","amount":3},{"turn":1,"seat":1,"action":"fold"},{"turn":2,"seat":2,"action":"raise","amount":3}],"messages":[{"turn":0,"seat":0,"text":"hi"}],`}, "inference/wire.visible-state.actions"},
		{"a message altered", []string{`"raises_used":2,`, `"raises_used":2,"actions":[{"turn":0,"seat":0,"action":"raise","amount":3},{"turn":1,"seat":1,"action":"fold"},{"turn":2,"seat":2,"action":"raise","amount":2}],"messages":[{"turn":0,"seat":0,"text":"ho"}],`}, "inference/wire.visible-state.actions"},
		{"no message shown", []string{`"raises_used":2,`, `"raises_used":2,"actions":[{"turn":0,"seat":0,"action":"raise","amount":3},{"turn":1,"seat":1,"action":"fold"},{"turn":2,"seat":2,"action":"raise","amount":2}],"messages":[],`}, "inference/wire.visible-state.actions"},
		// The message turned into a line of an unknown type, and sent again
		// after the action it rides on.
		{"message after its action", []string{`"event":{"type":"message","round":1,"turn":0,"seat":0,"text":"hi"}`, `"event":{"type":"message","round":1,"turn":0,"seat":0,"text":"hi","x":1}`,
			`"event":{"type":"action","round":1,"turn":1,`, `"event":{"type":"message","round":1,"turn":0,"seat":0,"text":"hi"}}` + "\n" + `{"type":"event","match_id":"m","event":{"type":"action","round":1,"turn":1,`,
			`"text":"hi","x":1}`, `"text":"hi","x":1,"type":"note"}`}, "inference/round.4.table-talk"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var res conform.Result
			n := infFollowViews(viewStream(t, tc.edits...), func(int) []reports.Message { return nil }, &res)
			if n != 2 {
				t.Fatalf("compared %d views, want 2 (the welcome and the your_turn)", n)
			}
			var got []string
			for _, f := range res.Findings {
				got = append(got, f.Rule)
			}
			want := []string{}
			if tc.want != "" {
				want = []string{tc.want}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("findings %v, want %v (%v)", got, want, res.Findings)
			}
		})
	}
}

// TestFollowViewsLateJoin: a seat whose stream starts mid-round (no
// round_start before its round's events, as after a late connection) is not
// held to figures it could not follow.
func TestFollowViewsLateJoin(t *testing.T) {
	msgs := viewStream(t, `{"type":"event","match_id":"m","event":{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,1,2]}}`, `{"type":"event","match_id":"m","event":{"type":"note"}}`,
		`"pot":14`, `"pot":99`,
		`{"type":"your_turn"`, `{"type":"event","match_id":"m","event":{"type":"showdown","round":1,"pot":14,"uncontested":false,"reveals":[{"seat":0,"value":5},{"seat":2,"value":9}],"winners":[2],"payouts":[{"seat":2,"amount":14}]}}`+"\n"+`{"type":"your_turn"`)
	var res conform.Result
	if n := infFollowViews(msgs, func(int) []reports.Message { return nil }, &res); n != 1 {
		t.Fatalf("compared %d views, want 1 (the welcome only)", n)
	}
	if len(res.Findings) != 0 {
		t.Fatalf("findings %v, want none", res.Findings)
	}
}

// TestFollowShowdownFlag: the follower holds a showdown's uncontested flag
// to the seats still in, and leaves a round nobody was dealt into (I-INF-10,
// umpire's reading, judged by the log verifier) alone whichever way it is
// flagged.
func TestFollowShowdownFlag(t *testing.T) {
	tests := []struct {
		name        string
		dealt       []int
		folded      []int
		uncontested bool
		reveals     []ref.Reveal
		want        string // the rule cited, "" for none
	}{
		{"nobody in, flagged uncontested", nil, nil, true, nil, ""},
		{"nobody in, not flagged", nil, nil, false, nil, ""},
		{"one seat in, flagged", []int{1}, nil, true, nil, ""},
		{"one seat in, not flagged", []int{1}, nil, false, nil, "inference/wire.events.showdown"},
		{"one left after folds, not flagged", []int{0, 1, 2}, []int{0, 2}, false, nil, "inference/wire.events.showdown"},
		{"two in, flagged uncontested", []int{0, 1}, nil, true, nil, "inference/wire.events.showdown"},
		{"two in, contested", []int{0, 1}, nil, false, []ref.Reveal{{Seat: 0, Value: 4}, {Seat: 1, Value: 9}}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := judge.Figures{Seats: make([]ref.SeatState, 3)}
			for _, s := range tc.dealt {
				before.Seats[s].InRound = true
			}
			for _, s := range tc.folded {
				before.Seats[s].Folded = true
			}
			pot := 0
			ev := wire.Event{Type: "showdown", Round: 3, Pot: &pot, Uncontested: tc.uncontested, Reveals: tc.reveals}
			rule, _, _, msg := (&infSeatView{}).showdown(ev, before)
			if rule != tc.want {
				t.Fatalf("rule %q (%s), want %q", rule, msg, tc.want)
			}
		})
	}
}

// TestFollowViewsSitOut: seat 1's fold in viewStream is a timeout that sits
// it out until round 7 (at a table that sits a seat out at its first). In round 1, which it finishes, when the flag
// turns on is umpire's reading (I-INF-17); in round 2, which it sits out, the
// flag and its back_in_round are the document's.
func TestFollowViewsSitOut(t *testing.T) {
	ev := func(e string) string { return `{"type":"event","match_id":"m","event":` + e + `}` }
	timeout := []string{`"max_consecutive_timeouts":3`, `"max_consecutive_timeouts":1`, ev(`{"type":"action","round":1,"turn":1,"seat":1,"action":"fold"}`),
		ev(`{"type":"timeout","round":1,"turn":1,"seat":1,"strikes":1,"sit_out":true,"back_in_round":7}`) + "\n" +
			ev(`{"type":"action","round":1,"turn":1,"seat":1,"action":"fold","timeout":true}`)}
	seat1 := `{"seat":1,"credits":28,"in_round":true,"folded":true,"contribution":2}`
	// Round 2 follows: seat 0 calls, seat 2 wins round 1; seats 0 and 2
	// are dealt in, seat 1 sits out.
	round2 := `"contribution":7}],"history":[]}}` + "\n" +
		ev(`{"type":"action","round":1,"turn":3,"seat":0,"action":"call","amount":2}`) + "\n" +
		ev(`{"type":"showdown","round":1,"pot":16,"uncontested":false,"reveals":[{"seat":0,"value":5},{"seat":2,"value":9}],"winners":[2],"payouts":[{"seat":2,"amount":16}]}`) + "\n" +
		ev(`{"type":"round_start","round":2,"dealer":0,"ante":2,"dealt_in":[0,2]}`) + "\n" +
		ev(`{"type":"ante","round":2,"seat":0,"amount":2}`) + "\n" +
		ev(`{"type":"ante","round":2,"seat":2,"amount":2}`) + "\n" +
		`{"type":"your_turn","match_id":"m","round":2,"turn":0,"visible_state":{"round":2,"dealer":0,"your_seat":0,"your_credits":21,"to_call":0,"call_breakeven_value":null,"current_bet":0,"pot":4,"raises_used":0,"limits":{"ante":2},"players":[{"seat":0,"credits":21,"in_round":true,"contribution":2},SEAT1,{"seat":2,"credits":37,"in_round":true,"contribution":2}],"history":[{"round":1,"pot":16,"uncontested":false,"winners":[2],"reveals":[{"seat":0,"value":5},{"seat":2,"value":9}]}]}}`
	flagged := `{"seat":1,"credits":28,"sitting_out":true,"back_in_round":7,"in_round":true,"folded":true,"contribution":2}`
	tests := []struct {
		name  string
		edits []string
		want  []string // the rules cited, in order
	}{
		{"flagged at once", append(timeout, seat1, flagged), nil},
		{"flagged from the next round", timeout, []string{"inference/wire.visible-state.sitting-out-at-once"}},
		{"flagged at once, and in the next round", append(timeout, seat1, flagged, `"contribution":7}],"history":[]}}`, strings.Replace(round2, "SEAT1", `{"seat":1,"credits":28,"sitting_out":true,"back_in_round":7}`, 1)), nil},
		{"flagged from the next round, and in it", append(timeout, `"contribution":7}],"history":[]}}`, strings.Replace(round2, "SEAT1", `{"seat":1,"credits":28,"sitting_out":true,"back_in_round":7}`, 1)), []string{"inference/wire.visible-state.sitting-out-at-once"}},
		{"not flagged in the round it sits out", append(timeout, seat1, flagged, `"contribution":7}],"history":[]}}`, strings.Replace(round2, "SEAT1", `{"seat":1,"credits":28}`, 1)), []string{"inference/wire.visible-state.sitting-out"}},
		// Dealt in again in round 2 without a return event: the view need
		// not flag it any more.
		{"dealt in again without a return event", append(timeout, seat1, flagged, `"contribution":7}],"history":[]}}`, strings.Replace(strings.Replace(strings.Replace(strings.Replace(round2, "SEAT1", `{"seat":1,"credits":26,"in_round":true,"contribution":2}`, 1),
			`"dealt_in":[0,2]}`, `"dealt_in":[0,1,2]}`, 1), `"pot":4,`, `"pot":6,`, 1), `"round":2,"seat":0,"amount":2}}`, `"round":2,"seat":0,"amount":2}}`+"\n"+ev(`{"type":"ante","round":2,"seat":1,"amount":2}`), 1)), nil},
		{"another back_in_round in the round it sits out", append(timeout, seat1, flagged, `"contribution":7}],"history":[]}}`, strings.Replace(round2, "SEAT1", `{"seat":1,"credits":28,"sitting_out":true,"back_in_round":8}`, 1)), []string{"inference/wire.visible-state.sitting-out"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var res conform.Result
			infFollowViews(viewStream(t, tc.edits...), func(int) []reports.Message { return nil }, &res)
			var got []string
			for _, f := range res.Findings {
				got = append(got, f.Rule)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Fatalf("findings %v, want %v (%v)", got, tc.want, res.Findings)
			}
		})
	}
}

// TestLegalJudgedByTheEvents: where a view's to_call and its call item
// disagree, the round's events say which one is wrong, and only that one is
// charged: the to_call by the views check (inference/visibility.to-call),
// the call item by the legal check (inference/wire.legal-actions.call).
func TestLegalJudgedByTheEvents(t *testing.T) {
	legal := func(call int) string {
		return fmt.Sprintf(`"history":[]},"legal_actions":[{"action":"fold"},{"action":"call","amount":%d},{"action":"raise","min":1,"max":10}]}`, call)
	}
	// Seat 0 owes 2 (seat 2 re-raised 2), holds 25.
	tests := []struct {
		name            string
		toCall, call    int
		legalRule, view string
	}{
		{"both right", 2, 2, "", ""},
		{"to_call one more, call item right", 3, 2, "", "inference/visibility.to-call"},
		{"call item one more, to_call right", 2, 3, "inference/wire.legal-actions.call", ""},
		{"both one more", 3, 3, "inference/wire.legal-actions.call", "inference/visibility.to-call"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			msgs := viewStream(t, `"to_call":2`, fmt.Sprintf(`"to_call":%d`, tc.toCall), `"contribution":7}],"history":[]}}`, `"contribution":7}],`+legal(tc.call),
				`"raises_used":2,`, `"raises_used":2,"turn":{"turn":3,"seat":0},`)
			var lres, vres conform.Result
			if n := infJudgeLegal(msgs, func(int) []reports.Message { return nil }, &lres); n != 1 {
				t.Fatalf("judged %d turns, want 1", n)
			}
			infFollowViews(msgs, func(int) []reports.Message { return nil }, &vres)
			for _, c := range []struct {
				res  conform.Result
				want string
			}{{lres, tc.legalRule}, {vres, tc.view}} {
				var got []string
				for _, f := range c.res.Findings {
					got = append(got, f.Rule)
				}
				if want := []string{c.want}; fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && c.want == "") {
					t.Errorf("findings %v, want %v (%v)", got, c.want, c.res.Findings)
				}
			}
		})
	}
}

// TestFollowShowdownWinners: a showdown naming winners other than the
// seats it pays breaks WIRE.md's pin, judged on the showdown itself
// (protocol.winners, SHOULD); the history entry keeps the showdown's
// winners (the judge's, judge.TestFollowHistory).
func TestFollowShowdownWinners(t *testing.T) {
	before := judge.Figures{Seats: []ref.SeatState{{InRound: true, Contribution: 2}, {InRound: true, Contribution: 2}}}
	pot := 4
	// A split pot whose showdown names only the first seat as the winner.
	ev := wire.Event{Type: "showdown", Round: 3, Pot: &pot, Reveals: []ref.Reveal{{Seat: 0, Value: 7}, {Seat: 1, Value: 7}},
		Winners: []int{0}, Payouts: []ref.Payout{{Seat: 0, Amount: 2}, {Seat: 1, Amount: 2}}}
	if rule, _, _, _ := (&infSeatView{}).showdown(ev, before); rule != "inference/protocol.winners" {
		t.Fatalf("rule %q, want inference/protocol.winners on the showdown", rule)
	}
}
