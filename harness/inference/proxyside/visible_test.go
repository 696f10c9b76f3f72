package proxyside

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// decodeLegalFields decodes the fields ref.LegalFromView reads through
// encoding/json: an object of those fields only (of limits its raise
// bounds, of turn its turn and seat), decoded into a ref.VisibleState.
func decodeLegalFields(vs gjson.Result) (ref.VisibleState, error) {
	var out ref.VisibleState
	err := json.Unmarshal(only(vs, map[string][]string{
		"turn": {"turn", "seat"}, "your_seat": nil, "your_credits": nil, "to_call": nil, "raises_used": nil,
		"limits": {"min_raise", "max_raise", "max_raises_per_round"},
	}), &out)
	return out, err
}

// only is the object r with the keys of keep alone (an object value of a
// key with names of its own is cut to those too), in their order.
func only(r gjson.Result, keep map[string][]string) []byte {
	if !r.IsObject() {
		return []byte(r.Raw)
	}
	sub := []byte{'{'}
	r.ForEach(func(k, v gjson.Result) bool {
		inner, ok := keep[k.Str]
		if !ok {
			return true
		}
		if len(sub) > 1 {
			sub = append(sub, ',')
		}
		val := []byte(v.Raw)
		if inner != nil {
			m := map[string][]string{}
			for _, n := range inner {
				m[n] = nil
			}
			val = only(v, m)
		}
		sub = append(append(append(sub, k.Raw...), ':'), val...)
		return true
	})
	return append(sub, '}')
}

// legalOf is the part of a view ref.LegalFromView reads.
func legalOf(vs ref.VisibleState) [8]any {
	return [8]any{vs.Turn, vs.YourSeat, vs.YourCredits, vs.ToCall, vs.RaisesUsed, vs.Limits.MinRaise, vs.Limits.MaxRaise, vs.Limits.MaxRaisesPerRound}
}

// TestReadVisibleLegal: the fields the legal actions are derived from are
// read as encoding/json reads them (an integer literal, null for zero, the
// turn an object or null), a field of another shape makes the derivation
// unknown, and the shape of the fields it does not read does not matter.
func TestReadVisibleLegal(t *testing.T) {
	const base = `"turn":{"turn":2,"seat":1},"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1,"limits":{"ante":2,"min_raise":1,"max_raise":10,"max_raises_per_round":3}`
	tests := []struct {
		name, vs string
		ok       bool
	}{
		{"conforming", `{` + base + `,"history":[{"round":1}]}`, true},
		{"turn null", `{"turn":null,"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1}`, true},
		{"null integers", `{"turn":{"turn":2,"seat":1},"your_seat":null,"to_call":null,"limits":null}`, true},
		{"players of any shape", `{` + base + `,"players":"x","round":"r","current_bet":{}}`, true},
		{"limits' other fields of any shape", `{"turn":{"turn":2,"seat":1},"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1,"limits":{"ante":"x","ante_ramp":7,"min_raise":1,"max_raise":10,"max_raises_per_round":3}}`, true},
		{"to_call a float", `{` + strings.Replace(base, `"to_call":3`, `"to_call":3.0`, 1) + `}`, false},
		{"your_credits a string", `{` + strings.Replace(base, `"your_credits":40`, `"your_credits":"40"`, 1) + `}`, false},
		{"turn a number", `{` + strings.Replace(base, `"turn":{"turn":2,"seat":1}`, `"turn":5`, 1) + `}`, false},
		{"turn.seat an exponent", `{` + strings.Replace(base, `"seat":1}`, `"seat":1e0}`, 1) + `}`, false},
		{"min_raise a string", `{` + strings.Replace(base, `"min_raise":1`, `"min_raise":"1"`, 1) + `}`, false},
		{"limits an array", `{` + strings.Replace(base, `{"ante":2,"min_raise":1,"max_raise":10,"max_raises_per_round":3}`, `[]`, 1) + `}`, false},
		{"raises_used too big", `{` + strings.Replace(base, `"raises_used":1`, `"raises_used":99999999999999999999`, 1) + `}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := gjson.Parse(tc.vs)
			v := readVisible(vs)
			if v.legalOK != tc.ok {
				t.Fatalf("legalOK = %v, want %v", v.legalOK, tc.ok)
			}
			if !tc.ok {
				return
			}
			want, err := decodeLegalFields(vs)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(legalOf(v.legal), legalOf(want)) {
				t.Errorf("read %+v, encoding/json reads %+v", legalOf(v.legal), legalOf(want))
			}
		})
	}
}

// FuzzReadVisibleLegal: wherever the judge's reader reads the legal
// fields, encoding/json reads them too and to the same values; and where
// encoding/json reads them, so does the judge's reader (keys in exact case,
// the documents' spelling: encoding/json also matches other cases).
func FuzzReadVisibleLegal(f *testing.F) {
	f.Add(`{"turn":{"turn":2,"seat":1},"your_seat":1,"your_credits":40,"to_call":3,"raises_used":1,"limits":{"min_raise":1,"max_raise":10,"max_raises_per_round":3}}`)
	f.Add(`{"turn":null,"your_seat":-0,"to_call":1.5,"limits":{"min_raise":null}}`)
	f.Add(`{"turn":{"seat":1},"turn":{"turn":3},"limits":{"max_raise":1},"limits":{"min_raise":2}}`)
	f.Fuzz(func(t *testing.T, s string) {
		if !gjson.Valid(s) {
			return
		}
		vs := gjson.Parse(s)
		if !vs.IsObject() {
			return
		}
		v := readVisible(vs)
		want, err := decodeLegalFields(vs)
		if v.legalOK && err != nil {
			t.Fatalf("read %q, which encoding/json does not: %v", s, err)
		}
		if foldedKeys(vs) {
			return
		}
		if !v.legalOK && err == nil {
			t.Fatalf("did not read %q, which encoding/json reads", s)
		}
		if v.legalOK && !reflect.DeepEqual(legalOf(v.legal), legalOf(want)) {
			t.Fatalf("read %+v of %q, encoding/json reads %+v", legalOf(v.legal), s, legalOf(want))
		}
	})
}

// foldedKeys reports whether an object inside the legal fields has a key
// that only case folding matches to a field (or any key with an escape).
func foldedKeys(vs gjson.Result) bool {
	folded := false
	check := func(r gjson.Result, names ...string) {
		if !r.IsObject() {
			return
		}
		r.ForEach(func(k, _ gjson.Result) bool {
			if strings.Contains(k.Raw, `\`) {
				folded = true
			}
			for _, n := range names {
				if k.Str != n && strings.EqualFold(k.Str, n) {
					folded = true
				}
			}
			return true
		})
	}
	vs.ForEach(func(k, v gjson.Result) bool {
		if strings.Contains(k.Raw, `\`) {
			folded = true
		}
		switch k.Str {
		case "turn":
			check(v, "turn", "seat")
		case "limits":
			check(v, "ante", "ante_ramp", "min_raise", "max_raise", "max_raises_per_round", "value_min", "value_max", "turn_deadline_ms", "max_consecutive_timeouts", "sit_out_rounds", "max_message_chars")
		}
		return true
	})
	return folded
}
