package wire

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

const viewBase = `"turn":{"turn":2,"seat":1},"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1,"limits":{"ante":2,"min_raise":1,"max_raise":10,"max_raises_per_round":3}`

// TestLegalView: the fields the legal derivation needs are read as
// integers of any integral form (I-INF-S9); one absent, null or of another
// shape is an error naming inference/wire.visible-state.fields; absent
// raise bounds stand in as the rules fix them; the shape of the fields it
// does not read does not matter.
func TestLegalView(t *testing.T) {
	tests := []struct {
		name, vs string
		ok       bool
		limits   [3]int // min_raise, max_raise, max_raises_per_round when ok
	}{
		{"conforming", `{` + viewBase + `,"history":[{"round":1}]}`, true, [3]int{1, 10, 3}},
		{"turn null", `{"turn":null,"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1}`, true, [3]int{1, 10, 3}},
		{"other fields of any shape", `{` + viewBase + `,"players":"x","round":"r","current_bet":{},"history":7}`, true, [3]int{1, 10, 3}},
		{"limits' other fields of any shape", `{` + strings.Replace(viewBase, `"ante":2`, `"ante":"x","ante_ramp":7`, 1) + `}`, true, [3]int{1, 10, 3}},
		{"limits of other bounds", `{` + strings.Replace(viewBase, `"max_raise":10`, `"max_raise":6`, 1) + `}`, true, [3]int{1, 6, 3}},
		{"limits absent", `{"turn":{"turn":2,"seat":1},"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1}`, true, [3]int{1, 10, 3}},
		{"a raise bound absent", `{` + strings.Replace(viewBase, `"max_raise":10,`, ``, 1) + `}`, true, [3]int{1, 10, 3}},
		{"to_call a float of integral value", `{` + strings.Replace(viewBase, `"to_call":3`, `"to_call":3.0`, 1) + `}`, true, [3]int{1, 10, 3}},
		{"turn.seat an exponent", `{` + strings.Replace(viewBase, `"seat":1}`, `"seat":1e0}`, 1) + `}`, true, [3]int{1, 10, 3}},
		{"to_call a fraction", `{` + strings.Replace(viewBase, `"to_call":3`, `"to_call":3.5`, 1) + `}`, false, [3]int{}},
		{"your_credits a string", `{` + strings.Replace(viewBase, `"your_credits":40`, `"your_credits":"40"`, 1) + `}`, false, [3]int{}},
		{"your_seat null", `{` + strings.Replace(viewBase, `"your_seat":1`, `"your_seat":null`, 1) + `}`, false, [3]int{}},
		{"raises_used absent", `{` + strings.Replace(viewBase, `"raises_used":1,`, ``, 1) + `}`, false, [3]int{}},
		{"turn absent", `{` + strings.Replace(viewBase, `"turn":{"turn":2,"seat":1},`, ``, 1) + `}`, false, [3]int{}},
		{"turn a number", `{` + strings.Replace(viewBase, `"turn":{"turn":2,"seat":1}`, `"turn":5`, 1) + `}`, false, [3]int{}},
		{"turn without a seat", `{` + strings.Replace(viewBase, `"turn":{"turn":2,"seat":1}`, `{"turn":2}`, 1) + `}`, false, [3]int{}},
		{"min_raise a string", `{` + strings.Replace(viewBase, `"min_raise":1`, `"min_raise":"1"`, 1) + `}`, false, [3]int{}},
		{"limits an array", `{` + strings.Replace(viewBase, `{"ante":2,"min_raise":1,"max_raise":10,"max_raises_per_round":3}`, `[]`, 1) + `}`, false, [3]int{}},
		{"raises_used too big", `{` + strings.Replace(viewBase, `"raises_used":1`, `"raises_used":99999999999999999999`, 1) + `}`, false, [3]int{}},
		{"not an object", `[1]`, false, [3]int{}},
		{"not JSON", `{"turn":`, false, [3]int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := ReadLegalView([]byte(tc.vs))
			if (err == nil) != tc.ok {
				t.Fatalf("err = %v, want ok %v", err, tc.ok)
			}
			if !tc.ok {
				if rules.RuleOf(err) != "inference/wire.visible-state.fields" {
					t.Errorf("rule %q, want inference/wire.visible-state.fields", rules.RuleOf(err))
				}
				return
			}
			if got := [3]int{vs.Limits.MinRaise, vs.Limits.MaxRaise, vs.Limits.MaxRaisesPerRound}; got != tc.limits {
				t.Errorf("limits %v, want %v", got, tc.limits)
			}
			if vs.YourSeat != 1 || vs.YourCredits != 40 || vs.ToCall != 3 {
				t.Errorf("read %+v", vs)
			}
		})
	}
}

// TestReadViewWhole: umpire's own view reads back whole, logs included,
// and every field is Read; a field of another shape is left zero and not
// Read without hiding the others.
func TestReadViewWhole(t *testing.T) {
	raw, want := matchView(t, 3)
	v, ok := ReadView(raw)
	if !ok {
		t.Fatal("not read")
	}
	v.ReadLogs()
	if !reflect.DeepEqual(v.VisibleState, want) {
		t.Fatalf("read\n%+v\nwant\n%+v", v.VisibleState, want)
	}
	for f := ViewField(0); f < viewFields; f++ {
		if f == VYourValue || f == VCallBreakevenValue || f == VLimitsAnteRamp {
			continue // null or absent in this view
		}
		if !v.Read(f) {
			t.Errorf("%s not Read", f)
		}
	}

	bad := strings.Replace(string(raw), `"round":`, `"round":"x","r":`, 1)
	bad = strings.Replace(bad, `"pot":`, `"pot":true,"p":`, 1)
	v, ok = ReadView([]byte(bad))
	if !ok || v.Read(VRound) || !v.Sent(VRound) || v.Round != 0 || v.Read(VPot) || v.Pot != 0 || !v.Read(VYourCredits) || v.YourCredits != want.YourCredits {
		t.Errorf("a round and pot of another shape: read %v %v, round %d pot %d credits %d", v.Read(VRound), v.Read(VPot), v.Round, v.Pot, v.YourCredits)
	}
}

// matchView is the view of the seat to act in a 6-seat match of umpire's
// engine in round (every seat calls, with a message).
func matchView(tb testing.TB, round int) ([]byte, inference.VisibleState) {
	m, err := inference.NewMatch(inference.DefaultConfig(), "m", "view", []string{"a", "b", "c", "d", "e", "f"}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for m.Round() < round {
		if err := m.Apply(m.ToAct(), inference.Move{Action: inference.ActionCall, Message: "hi"}); err != nil {
			tb.Fatal(err)
		}
	}
	vs := m.View(m.ToAct())
	raw, err := json.Marshal(vs)
	if err != nil {
		tb.Fatal(err)
	}
	return raw, vs
}

// BenchmarkReadView reads the view of a your_turn in round 30 (a history
// of 29 rounds) as the proxy's judge does: ReadView and LegalView, the
// logs kept as sent.
func BenchmarkReadView(b *testing.B) {
	raw, _ := matchView(b, 30)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		v, _ := ReadView(raw)
		if _, err := v.LegalView(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReadViewPlayers: an entry that is not an object is skipped, each
// field of an entry read on its own, and value members are Peeks; players
// is Read only when every entry is whole.
func TestReadViewPlayers(t *testing.T) {
	v, ok := ReadView([]byte(`{"your_seat":0,"players":[{"seat":0,"credits":9,"your_value":4},"x",{"seat":1,"credits":"8","folded":true,"value":7},{"hidden_value":null,"value":2}]}`))
	if !ok || v.Read(VPlayers) || !v.Sent(VPlayers) {
		t.Fatalf("players with entries of other shapes: ok %v, Read %v", ok, v.Read(VPlayers))
	}
	want := []inference.PlayerView{{Seat: 0, Credits: 9}, {Seat: 1, Folded: true}, {}}
	if !reflect.DeepEqual(v.Players, want) {
		t.Errorf("players %+v, want %+v", v.Players, want)
	}
	peeks := []Peek{{0, "your_value", []byte("4")}, {1, "value", []byte("7")}, {-1, "value", []byte("2")}}
	if !reflect.DeepEqual(v.Peeks, peeks) {
		t.Errorf("peeks %+v, want %+v", v.Peeks, peeks)
	}
	for _, whole := range []string{`[]`, `[{"seat":0,"credits":9,"busted":false,"name":"a","back_in_round":null}]`} {
		if v, _ := ReadView([]byte(`{"players":` + whole + `}`)); !v.Read(VPlayers) {
			t.Errorf("players %s not Read", whole)
		}
	}
	for _, part := range []string{`[null]`, `[{"seat":0,"busted":1}]`, `[{"seat":0,"name":3}]`, `{}`} {
		if v, _ := ReadView([]byte(`{"players":` + part + `}`)); v.Read(VPlayers) {
			t.Errorf("players %s Read", part)
		}
	}
}

// FuzzReadView: a top-level integer field is Read exactly when
// encoding/json reads it as a number of integral value within ±2^53 (the
// last of a repeated key), and to the same value; LegalView never panics.
func FuzzReadView(f *testing.F) {
	f.Add(`{` + viewBase + `}`)
	f.Add(`{"round":1.0,"round":"x","pot":-0,"your_seat":1e2,"to_call":null}`)
	f.Add(`{"turn":{"seat":1},"turn":{"turn":3},"limits":{"max_raise":1},"limits":{"min_raise":2}}`)
	fields := map[string]ViewField{"round": VRound, "pot": VPot, "your_seat": VYourSeat, "to_call": VToCall, "your_credits": VYourCredits, "raises_used": VRaisesUsed, "current_bet": VCurrentBet}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		v, ok := ReadView([]byte(s))
		var top map[string]any
		if json.Unmarshal([]byte(s), &top) != nil {
			if ok {
				t.Fatalf("read %q, not an object", s)
			}
			return
		}
		if !ok {
			t.Fatalf("did not read the object %q", s)
		}
		_, _ = v.LegalView()
		v.ReadLogs()
		for name, fld := range fields {
			if strings.Contains(s, `\`) {
				return // a key with an escape may spell a field
			}
			x, has := top[name].(float64)
			want := has && x == math.Trunc(x) && math.Abs(x) <= 1<<53
			if v.Read(fld) != want {
				t.Fatalf("%s of %q: Read %v, encoding/json reads %v", name, s, v.Read(fld), top[name])
			}
			got := map[ViewField]int{VRound: v.Round, VPot: v.Pot, VYourSeat: v.YourSeat, VToCall: v.ToCall, VYourCredits: v.YourCredits, VRaisesUsed: v.RaisesUsed, VCurrentBet: v.CurrentBet}[fld]
			if want && got != int(x) {
				t.Fatalf("%s of %q: %d, encoding/json reads %v", name, s, got, x)
			}
		}
	})
}
