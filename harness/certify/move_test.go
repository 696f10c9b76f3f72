package certify

import (
	"reflect"
	"testing"
)

// moveCases are answers of every shape readMove meets: plain moves, fields
// of other types, null, repeated keys, escapes, invalid UTF-8, numbers of
// every form, and lines that are not objects.
var moveCases = []string{
	`{"type":"move","match_id":"m-1","turn":3,"action":"raise","amount":40,"message":"hi"}`,
	`{"type":"move","match_id":"m-1","turn":3.0,"action":"call"}`,
	`{"turn":3.5,"amount":-0,"message":5}`,
	`{"turn":null,"amount":null,"type":null,"message":null}`,
	`{"turn":"3","amount":true,"type":4,"match_id":{},"action":[]}`,
	`{"turn":1e2,"amount":1e400,"action":"fold"}`,
	`{"turn":9007199254740993,"amount":-9007199254740992}`,
	`{"type":"move","type":5,"turn":1,"turn":"x","message":"a","message":1}`,
	`{"type":5,"type":"move","message":1,"message":"b"}`,
	`{"type":"m\u006fve","message":"\ud83d\ude00 \ud800","action":"\"fold\""}`,
	"{\"type\":\"move\",\"message\":\"\xff\xfe\"}",
	`{"Type":"move","TURN":3}`,
	` { "type" : "move" , "turn" : 2 } `,
	`{}`, `null`, `[]`, `"move"`, `3`, `{"type":"move"`, `{"type":"move"}{}`, ``,
}

// TestReadMoveMatchesJSON checks readMove's one-pass reading against its
// encoding/json reference on every shape of answer.
func TestReadMoveMatchesJSON(t *testing.T) {
	for _, c := range moveCases {
		t.Run(c, func(t *testing.T) { sameMove(t, []byte(c)) })
	}
}

func sameMove(t *testing.T, raw []byte) {
	t.Helper()
	have, herr := readMove(raw)
	want, werr := readMoveJSON(raw)
	if (herr != nil) != (werr != nil) || !reflect.DeepEqual(have, want) {
		t.Fatalf("readMove(%q) = %s, %v; encoding/json reads %s, %v", raw, show(have), herr, show(want), werr)
	}
}

func show(m infMove) string {
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
	return reflect.ValueOf(struct {
		Type, MatchID, Action string
		Turn, Amount, Message any
	}{m.Type, m.MatchID, m.Action, p(m.Turn), p(m.Amount), q(m.Message)}).String()
}

func FuzzReadMoveMatchesJSON(f *testing.F) {
	for _, c := range moveCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { sameMove(t, raw) })
}

// BenchmarkReadMove reads a plain move, as certify does for every answer
// of an Inference agent.
func BenchmarkReadMove(b *testing.B) {
	raw := []byte(`{"type":"move","match_id":"m-0123456789","turn":117,"action":"raise","amount":40}`)
	b.Run("one-pass", func(b *testing.B) {
		for b.Loop() {
			if _, err := readMove(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := readMoveJSON(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
}
