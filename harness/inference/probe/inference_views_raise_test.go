package probe

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/reports"
)

// raiseStream is seat 0's stream of a round in which seat 1 raises after
// it has bet: match_start (30 credits), round 1 (dealer 2, ante 2, seats
// 0-2), seat 0 raises 3, seat 1 calls 3, seat 2 raises 2, seat 0 calls 2,
// seat 1 raises 1 (it owed 2: it pays 3, its 3 bet before not again), seat
// 2 calls 1, then seat 0's your_turn owing 1. Each edit replaces one text
// in it.
func raiseStream(t *testing.T, edits ...string) []infMsg {
	t.Helper()
	ev := func(e string) string { return `{"type":"event","match_id":"m","event":` + e + `}` }
	act := func(turn, seat int, rest string) string {
		return ev(`{"type":"action","round":1,"turn":` + string(rune('0'+turn)) + `,"seat":` + string(rune('0'+seat)) + `,` + rest + `}`)
	}
	lines := []string{
		ev(`{"type":"match_start","match_id":"m","rules_version":"inference-0.4","table_size":3,"rounds_total":3,"starting_credits":30,"seats":[{"seat":0,"name":"a"},{"seat":1,"name":"b"},{"seat":2,"name":"c"}],"limits":{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1},"min_raise":1,"max_raise":10,"max_raises_per_round":3,"value_min":1,"value_max":100,"turn_deadline_ms":10000,"max_consecutive_timeouts":3,"sit_out_rounds":5,"max_message_chars":280},"seed_commit":"53abedb7a68881df209b2022677b3ae282fe688322967f5a3a3d6929b94ffee7"}`),
		ev(`{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,1,2]}`),
		ev(`{"type":"ante","round":1,"seat":0,"amount":2}`),
		ev(`{"type":"ante","round":1,"seat":1,"amount":2}`),
		ev(`{"type":"ante","round":1,"seat":2,"amount":2}`),
		act(0, 0, `"action":"raise","amount":3`),
		act(1, 1, `"action":"call","amount":3`),
		act(2, 2, `"action":"raise","amount":2`),
		act(3, 0, `"action":"call","amount":2`),
		act(4, 1, `"action":"raise","amount":1`),
		act(5, 2, `"action":"call","amount":1`),
		`{"type":"your_turn","match_id":"m","round":1,"turn":6,"visible_state":{"round":1,"dealer":2,"your_seat":0,"your_credits":23,"to_call":1,"call_breakeven_value":21,"current_bet":6,"pot":23,"raises_used":3,"limits":{"ante":2},"players":[{"seat":0,"credits":23,"in_round":true,"contribution":7},{"seat":1,"credits":22,"in_round":true,"contribution":8},{"seat":2,"credits":22,"in_round":true,"contribution":8}],"history":[]}}`,
	}
	text := strings.Join(lines, "\n")
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("edit %q matches nothing", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	var out []infMsg
	for _, l := range strings.Split(text, "\n") {
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

// TestFollowViewsRaises: what a raise cost, seen in the view after it or in
// the showdown's pot, and a raise beyond the stack in the events, are
// charged to the raise rules alone.
func TestFollowViewsRaises(t *testing.T) {
	// A server that charged seat 1's raise the whole new bet (6, not 3):
	// its credits, its contribution and the pot show the 3 taken again.
	again := []string{`"pot":23`, `"pot":26`, `{"seat":1,"credits":22,"in_round":true,"contribution":8}`, `{"seat":1,"credits":19,"in_round":true,"contribution":11}`, `"call_breakeven_value":21`, `"call_breakeven_value":20`}
	showdown := func(pot string) []string {
		return []string{`{"type":"your_turn"`, `{"type":"event","match_id":"m","event":{"type":"showdown","round":1,"pot":` + pot + `,"uncontested":false,"reveals":[{"seat":0,"value":5},{"seat":1,"value":7},{"seat":2,"value":9}],"winners":[2],"payouts":[{"seat":2,"amount":` + pot + `}]}}` + "\n" + `{"type":"your_turn"`}
	}
	tests := []struct {
		name  string
		edits []string
		want  []string
	}{
		{"charged what it owed plus the raise", nil, nil},
		{"charged the whole new bet", again, []string{"inference/round.3.raise"}},
		{"charged the whole new bet, seen at the showdown", append(showdown("26"), `"your_turn","match_id":"m","round":1,"turn":6`, `"your_turn","match_id":"m","round":2,"turn":6`), []string{"inference/round.3.raise"}},
		{"showdown of the pot put in", append(showdown("23"), `"your_turn","match_id":"m","round":1,"turn":6`, `"your_turn","match_id":"m","round":2,"turn":6`), nil},
		{"a pot off otherwise is the showdown's", append(showdown("25"), `"your_turn","match_id":"m","round":1,"turn":6`, `"your_turn","match_id":"m","round":2,"turn":6`), []string{"inference/wire.events.showdown"}},
		// 10 credits: seat 1, owing 2 with 5 left, raises 9 (the call
		// and the raise need 11).
		{"raise beyond the stack", []string{`"starting_credits":30`, `"starting_credits":10`, `"turn":4,"seat":1,"action":"raise","amount":1`, `"turn":4,"seat":1,"action":"raise","amount":9`}, []string{"inference/round.3.raise-covered"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var res conform.Result
			infFollowViews(raiseStream(t, tc.edits...), func(int) []reports.Message { return nil }, &res)
			var got []string
			for _, f := range res.Findings {
				got = append(got, f.Rule)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("findings %v, want %v (%v)", got, tc.want, res.Findings)
			}
			if res.Evaluated["inference/round.3.raise-covered"] == 0 {
				t.Fatalf("raise-covered not evaluated: %v", res.Evaluated)
			}
		})
	}
}
