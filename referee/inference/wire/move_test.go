package wire

import (
	"fmt"
	"reflect"
	"testing"
)

// moveCases are messages of every shape ReadMove meets: plain moves and
// hellos, fields of other types, null, repeated keys, escapes, invalid
// UTF-8, numbers of every form, and lines that are not objects.
var moveCases = []string{
	`{"type":"move","match_id":"m-1","turn":3,"action":"raise","amount":40,"message":"hi"}`,
	`{"type":"move","match_id":"m-1","turn":12,"action":"call"}`,
	` { "type" : "move" , "turn" : -0 , "action" : "raise" , "amount" : 7 , "message" : "I <3 odds é" } `,
	`{"type":"hello","match_id":"m-1","seat":2,"token":"abc"}`,
	`{"type":"move","turn":123456789012345}`,
	`{"type":"move","match_id":"m-1","turn":3.0,"action":"call"}`,
	`{"type":"move","turn":1,"action":"raise","amount":2.0}`,
	`{"turn":3.5,"amount":-0,"message":5}`,
	`{"turn":null,"amount":null,"type":null,"message":null}`,
	`{"turn":"3","amount":true,"type":4,"match_id":{},"action":[]}`,
	`{"turn":1e2,"amount":1e400,"action":"fold"}`,
	`{"turn":9007199254740993,"amount":-9007199254740992}`,
	`{"type":"move","type":5,"turn":1,"turn":"x","message":"a","message":1}`,
	`{"type":5,"type":"move","message":1,"message":"b"}`,
	`{"type":"m\u006fve","message":"\ud83d\ude00 \ud800","action":"\"fold\""}`,
	"{\"type\":\"move\",\"message\":\"\xff\xfe\"}",
	"{\"type\":\"a\tb\"}",
	`{"Type":"move","TURN":3}`,
	`{"type":"move",}`, `{"type":"move"}x`, `{"type":"move","extra":1}`, `{"type":"move","turn":01}`,
	`{"type":"move","turn":-}`, `{"type":"move","turn":123456789012345678}`, `{"type":"move","turn":1234567890123456789}`,
	`{}`, `null`, `[]`, `"move"`, `3`, `{"type":"move"`, `{"type":"move"}{}`, ``, `  {`,
}

// TestReadMoveMatchesJSON: the one-pass reading gives what encoding/json
// gives, on every shape of message.
func TestReadMoveMatchesJSON(t *testing.T) {
	for _, c := range moveCases {
		t.Run(c, func(t *testing.T) { sameMove(t, []byte(c)) })
	}
}

func sameMove(t *testing.T, raw []byte) {
	t.Helper()
	have, herr := ReadMove(raw)
	want, werr := ReadMoveJSON(raw)
	if (herr != nil) != (werr != nil) || !reflect.DeepEqual(have, want) {
		t.Fatalf("ReadMove(%q) = %s, %v; encoding/json reads %s, %v", raw, show(have), herr, show(want), werr)
	}
}

func show(m Move) string {
	p := func(n *int) any {
		if n == nil {
			return nil
		}
		return *n
	}
	q := func(s *string) any {
		if s == nil {
			return nil
		}
		return *s
	}
	return fmt.Sprintf("%+v", struct {
		Type, MatchID, Token, Action, Message, Seat, Turn, Amount any
		Bad                                                       string
	}{q(m.Type), q(m.MatchID), q(m.Token), q(m.Action), q(m.Message), p(m.Seat), p(m.Turn), p(m.Amount), m.Bad})
}

// TestReadMoveFields: what each field reads as (I-INF-S9): an integer of
// any spelling of integral value, null absent, a field of another shape
// absent and named in Bad, the others read all the same; only a message
// that is not one JSON object is an error.
func TestReadMoveFields(t *testing.T) {
	two := 2
	tests := []struct {
		in     string
		amount *int
		action string
		bad    bool
		err    bool
	}{
		{`{"type":"move","turn":1,"action":"raise","amount":2}`, &two, "raise", false, false},
		{`{"type":"move","turn":1,"action":"raise","amount":2.0}`, &two, "raise", false, false},
		{`{"type":"move","turn":1,"action":"raise","amount":20e-1}`, &two, "raise", false, false},
		{`{"type":"move","turn":1,"action":"raise","amount":null}`, nil, "raise", false, false},
		{`{"type":"move","turn":1,"action":"raise","amount":1.5}`, nil, "raise", true, false},
		{`{"type":"move","turn":1,"action":"raise","amount":"2"}`, nil, "raise", true, false},
		{`{"type":"move","turn":1,"action":7,"amount":2}`, &two, "", true, false},
		{`[{"type":"move"}]`, nil, "", false, true},
		{`{"type":"move"`, nil, "", false, true},
	}
	for _, tc := range tests {
		m, err := ReadMove([]byte(tc.in))
		if (err != nil) != tc.err {
			t.Errorf("%s: error %v, want one: %v", tc.in, err, tc.err)
			continue
		}
		if !reflect.DeepEqual(m.Amount, tc.amount) || Text(m.Action) != tc.action || (m.Bad != "") != tc.bad {
			t.Errorf("%s: read %s, want amount %v action %q bad %v", tc.in, show(m), tc.amount, tc.action, tc.bad)
		}
	}
}

// TestReadFastTakesTheUsualForm: the one pass takes the usual moves and
// hellos, and leaves the rest to encoding/json.
func TestReadFastTakesTheUsualForm(t *testing.T) {
	for i, c := range moveCases {
		_, ok := readFast([]byte(c))
		if want := i < 5; ok != want {
			t.Errorf("readFast(%s) took it: %v, want %v", c, ok, want)
		}
	}
}

func FuzzReadFast(f *testing.F) {
	for _, c := range moveCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { sameMove(t, raw) })
}

// BenchmarkReadMove reads a plain move, as the embedded server and
// certification do for every answer of an Inference agent: the one pass
// against encoding/json (the fast path stays while it pays).
func BenchmarkReadMove(b *testing.B) {
	raw := []byte(`{"type":"move","match_id":"m-0123456789","turn":117,"action":"raise","amount":40}`)
	b.Run("one-pass", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ReadMove(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ReadMoveJSON(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestIntegral: an integer is a JSON number of integral value within
// ±2^53, however written (I-INF-S9), judged from its digits, not from its
// float.
func TestIntegral(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
		ok   bool
	}{
		{"3", 3, true}, {"-3", -3, true}, {"2.0", 2, true}, {"20e-1", 2, true}, {"100E-2", 1, true},
		{"1e2", 100, true}, {"-0", 0, true}, {"0.000e999999999999999999", 0, true},
		{"9007199254740992", 1 << 53, true}, {"-9007199254740992", -(1 << 53), true},
		{"90071992547409920e-1", 1 << 53, true},
		{"9007199254740993", 0, false},   // its float is 2^53
		{"1.0000000000000001", 0, false}, // its float is 1
		{"9007199254740992.5", 0, false}, // its float is 2^53
		{"0.5", 0, false}, {"1e400", 0, false}, {"1e-999999999999999999999", 0, false},
		{"1e999999999999999999999", 0, false}, {`"3"`, 0, false}, {"null", 0, false}, {"true", 0, false},
	} {
		n, ok := integral([]byte(tc.raw))
		if n != tc.want || ok != tc.ok {
			t.Errorf("integral(%s) = %d, %v; want %d, %v", tc.raw, n, ok, tc.want, tc.ok)
		}
	}
}
