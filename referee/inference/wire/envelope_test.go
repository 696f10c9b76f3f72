package wire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
)

// envelopeCases are server messages of every shape the readers meet.
var envelopeCases = []string{
	`{"type":"your_turn","match_id":"m-1","round":3,"turn":17,"deadline_ms":10000,"visible_state":{"round":3,"players":[{"seat":0,"name":"a \"b\" }{"}]},"legal_actions":[{"action":"fold"},{"action":"call","amount":2},{"action":"raise","min":1,"max":10}]}`,
	`{"type":"event","match_id":"m-1","event":{"type":"showdown","round":2,"pot":12,"uncontested":false,"reveals":[{"seat":0,"value":88},{"seat":4,"value":41}],"winners":[0],"payouts":[{"seat":0,"amount":12}]}}`,
	`{"type":"event","match_id":"m-1","event":{"type":"round_start","round":4,"dealer":1,"dealt_in":[0,1,3]}}`,
	`{"type":"event","match_id":"m-1","event":{"type":"action","round":4,"turn":2,"seat":3,"action":"raise","amount":2.0,"timeout":true}}`,
	`{"type":"event","match_id":"m-1","event":{"type":"timeout","round":4,"turn":2,"seat":3,"strikes":3,"sit_out":true,"back_in_round":9}}`,
	`{"type":"error","match_id":"m-1","code":"illegal_move","message":"no","turn":4}`,
	`{"type":"error","code":7,"turn":"4","round":2.5}`,
	`{"type":"match_end","match_id":"m","seed":"s","seed_commit":"c","ranking":[{"seat":0,"rank":1,"credits":600}]}`,
	`{"type":"m\u0061tch_end","match_id":"\u00e9"}`,
	` { "type" : "welcome" , "seat" : 1 , "visible_state" : { } } `,
	`{"type":null,"turn":null,"event":null}`,
	`{"type":"event","type":"error","turn":1,"turn":2}`,
	`{"turn":1e2,"deadline_ms":-0,"round":9007199254740993}`,
	`{"event":{"reveals":[{"seat":1},{"value":2},3,{"seat":"x","value":4}],"dealt_in":[1,"2",3.0]}}`,
	`{"type":"event","event":{"type":"match_start","rounds_total":40,"starting_credits":100,"seats":[{"seat":0,"name":"a"},{"name":"b","seat":1},{"seat":"2"}]}}`,
	`{"type":"event","event":{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,2]}}`,
	`{"type":"event","event":{"type":"ante","round":1,"seat":2,"amount":1,"all_in":true}}`,
	`{"event":{"type":"showdown","reveals":[{"seat":1,"seat":"x","value":3},{"seat":2,"value":4,"value":null}],"seats":[{"seat":1,"seat":{}}]}}`,
	`{"type":"event","event":{"type":"showdown","round":1,"pot":9,"winners":[0,2],"payouts":[{"seat":0,"amount":5},{"amount":4,"seat":2},{"x":1}]}}`,
	`{}`, `[]`, `null`, `"x"`, `{"type":"x"`, `{"type":"x"}{}`, ``,
}

// readEnvelopeJSON is the reference reading, through encoding/json: each
// field on its own, a field of another shape left zero.
func readEnvelopeJSON(data []byte) (env Envelope, ok bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil || top == nil {
		return env, false
	}
	s := func(k string) string {
		var v string
		if raw := top[k]; len(raw) > 0 && raw[0] == '"' {
			_ = json.Unmarshal(raw, &v)
		}
		return v
	}
	n := func(k string) *int {
		if raw, ok := top[k]; ok {
			if v, ok := integral(raw); ok {
				return &v
			}
		}
		return nil
	}
	raw := func(k string) []byte {
		if v, ok := top[k]; ok {
			return []byte(v)
		}
		return nil
	}
	env = Envelope{Type: s("type"), MatchID: s("match_id"), Round: deref(n("round")), Turn: n("turn"), DeadlineMS: n("deadline_ms"),
		Code: s("code"), CodeRaw: raw("code"), Message: s("message"), Seed: s("seed"), SeedCommit: s("seed_commit"),
		VisibleState: raw("visible_state"), LegalActions: raw("legal_actions"), Event: raw("event"), Ranking: raw("ranking")}
	return env, true
}

// TestReadEnvelopeMatchesJSON: the one pass reads what encoding/json
// reads, on every shape of message (nested values compared as JSON).
func TestReadEnvelopeMatchesJSON(t *testing.T) {
	for _, c := range envelopeCases {
		t.Run(c, func(t *testing.T) { sameEnvelope(t, []byte(c)) })
	}
}

func sameEnvelope(t *testing.T, data []byte) {
	t.Helper()
	have, hok := ReadEnvelope(data)
	want, wok := readEnvelopeJSON(data)
	if hok != wok {
		t.Fatalf("ReadEnvelope(%q) ok %v, encoding/json %v", data, hok, wok)
	}
	if !hok {
		return
	}
	for _, p := range []struct{ h, w *[]byte }{{&have.VisibleState, &want.VisibleState}, {&have.LegalActions, &want.LegalActions},
		{&have.Event, &want.Event}, {&have.Ranking, &want.Ranking}, {&have.CodeRaw, &want.CodeRaw}} {
		if !bytes.Equal(bytes.TrimSpace(*p.h), bytes.TrimSpace(*p.w)) {
			t.Fatalf("ReadEnvelope(%q): nested %q, encoding/json %q", data, *p.h, *p.w)
		}
		*p.h, *p.w = nil, nil
	}
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("ReadEnvelope(%q) = %+v; encoding/json reads %+v", data, have, want)
	}
	if len(want.Event) > 0 {
		sameEvent(t, want.Event)
	}
}

// readEventJSON is ReadEvent's reference through encoding/json.
func readEventJSON(b []byte) (ev Event) {
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return ev
	}
	s := func(k string) string {
		var v string
		if raw := top[k]; len(raw) > 0 && raw[0] == '"' {
			_ = json.Unmarshal(raw, &v)
		}
		return v
	}
	n := func(raw json.RawMessage) *int {
		if v, ok := integral(raw); ok {
			return &v
		}
		return nil
	}
	ev = Event{Type: s("type"), Round: deref(n(top["round"])), Turn: n(top["turn"]), Seat: n(top["seat"]), Value: n(top["value"]),
		Action: s("action"), Amount: n(top["amount"]), Timeout: string(top["timeout"]) == "true", Strikes: deref(n(top["strikes"])),
		SitOut: string(top["sit_out"]) == "true", BackInRound: deref(n(top["back_in_round"])), Uncontested: string(top["uncontested"]) == "true",
		SeedCommit: s("seed_commit"), AllIn: string(top["all_in"]) == "true", StartingCredits: n(top["starting_credits"]),
		RoundsTotal: n(top["rounds_total"]), Dealer: deref(n(top["dealer"])), Ante: deref(n(top["ante"])), Pot: n(top["pot"])}
	intsOf := func(k string) []int {
		var items []json.RawMessage
		if json.Unmarshal(top[k], &items) != nil || items == nil {
			return nil
		}
		out := []int{}
		for _, it := range items {
			if v := n(it); v != nil {
				out = append(out, *v)
			}
		}
		return out
	}
	ev.DealtIn, ev.Winners = intsOf("dealt_in"), intsOf("winners")
	var items []json.RawMessage
	if json.Unmarshal(top["seats"], &items) == nil && items != nil {
		for _, it := range items {
			var o map[string]json.RawMessage
			if json.Unmarshal(it, &o) != nil {
				continue
			}
			if raw, ok := o["seat"]; ok {
				if v := n(raw); v != nil {
					ev.Seats = append(ev.Seats, *v)
				}
			}
		}
	}
	items = nil
	if json.Unmarshal(top["payouts"], &items) == nil && items != nil {
		for _, it := range items {
			var o map[string]json.RawMessage
			if json.Unmarshal(it, &o) != nil {
				continue
			}
			seat, amount := n(o["seat"]), n(o["amount"])
			if seat != nil || amount != nil {
				ev.Payouts = append(ev.Payouts, inference.Payout{Seat: deref(seat), Amount: deref(amount)})
			}
		}
	}
	items = nil
	if json.Unmarshal(top["reveals"], &items) == nil && items != nil {
		ev.Reveals = []inference.Reveal{}
		for _, it := range items {
			var o map[string]json.RawMessage
			if json.Unmarshal(it, &o) != nil {
				continue
			}
			seat, value := n(o["seat"]), n(o["value"])
			if seat != nil || value != nil {
				ev.Reveals = append(ev.Reveals, inference.Reveal{Seat: deref(seat), Value: deref(value)})
			}
		}
	}
	return ev
}

func sameEvent(t *testing.T, b []byte) {
	t.Helper()
	have, want := ReadEvent(b), readEventJSON(b)
	norm := func(e *Event) {
		if len(e.DealtIn) == 0 {
			e.DealtIn = nil
		}
		if len(e.Reveals) == 0 {
			e.Reveals = nil
		}
		if len(e.Winners) == 0 {
			e.Winners = nil
		}
		if len(e.Seats) == 0 {
			e.Seats = nil
		}
		if len(e.Payouts) == 0 {
			e.Payouts = nil
		}
	}
	norm(&have)
	norm(&want)
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("ReadEvent(%s) = %+v; encoding/json reads %+v", b, have, want)
	}
}

func FuzzReadEnvelope(f *testing.F) {
	for _, c := range envelopeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameEnvelope(t, data)
		if json.Valid(data) {
			sameEvent(t, data)
		}
	})
}

// TestReadLegal: items read tolerantly, in order.
func TestReadLegal(t *testing.T) {
	l, ok := ReadLegal([]byte(`[{"action":"fold"},{"action":"call","amount":2},7,{"amount":3},{"action":"raise","min":1,"max":10.0,"x":[1]}]`))
	if !ok || len(l) != 3 || l[1].Amount != 2 || l[2].Max != 10 || l[2].Min != 1 {
		t.Fatalf("ReadLegal = %+v, %v", l, ok)
	}
	if _, ok := ReadLegal([]byte(`{}`)); ok {
		t.Fatal("an object read as a legal_actions array")
	}
}

// BenchmarkReadEnvelope reads a your_turn late in a match: the one pass
// against encoding/json's reading of its top level.
func BenchmarkReadEnvelope(b *testing.B) {
	msg := []byte(envelopeCases[0])
	b.Run("one-pass", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := ReadEnvelopeUnchecked(msg); !ok {
				b.Fatal("not read")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := readEnvelopeJSON(msg); !ok {
				b.Fatal("not read")
			}
		}
	})
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// TestReadRanking: a ranking reads whole, and an entry of another shape
// leaves it nil (all or nothing, as its doc says).
func TestReadRanking(t *testing.T) {
	r := ReadRanking([]byte(`[{"seat":1,"rank":1,"credits":600},{"seat":0,"rank":2,"credits":0}]`))
	if len(r) != 2 || r[0].Seat != 1 || r[0].Rank != 1 || r[0].Credits != 600 || r[1].Rank != 2 {
		t.Fatalf("ReadRanking = %+v", r)
	}
	for _, bad := range []string{`{}`, `null`, `[{"seat":"1","rank":1}]`, `[1]`} {
		if r := ReadRanking([]byte(bad)); r != nil {
			t.Errorf("ReadRanking(%s) = %+v, want nil", bad, r)
		}
	}
}
