package inference

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"time"
)

// FuzzParseIn: any bytes an agent sends decode or give a reason, never
// a panic; a decoded message has a type.
func FuzzParseIn(f *testing.F) {
	for _, s := range []string{`{"type":"move","turn":0,"action":"call"}`, `{"type":"hello","seat":0,"token":"x"}`, `[]`, `{"type":1}`, `{"amount":1.5}`, ``, `  {`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, bad := parseIn(data)
		if bad == "" && m.Type == nil {
			t.Fatalf("%q decoded without a type", data)
		}
	})
}

// FuzzAgentLines: whatever lines an agent writes over the stdio transport,
// the server answers without failing and the match ends with a log that
// re-derives.
func FuzzAgentLines(f *testing.F) {
	for _, s := range []string{
		"{\"type\":\"move\",\"turn\":0,\"action\":\"call\"}\n",
		"{\"type\":\"move\",\"turn\":0,\"action\":\"raise\",\"amount\":3,\"message\":\"<hi>\"}\n{\"type\":\"move\",\"turn\":1,\"action\":\"fold\"}\n",
		"{\"type\":\"hello\"}\n\x00\xff\n{\"type\":\"move\",\"turn\":-1,\"action\":\"call\"}\n",
		"{\"type\":\"move\",\"turn\":0,\"action\":\"raise\",\"amount\":99999999999999999999}\n",
	} {
		f.Add([]byte(s))
	}
	s, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := "fuzz"
		c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 2, Seed: &seed, Agents: []int{0}, Adversaries: []string{"random"}})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Forget(c.MatchID)
		toAgentR, toAgentW := io.Pipe()
		go func() { _, _ = io.Copy(io.Discard, toAgentR) }()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err = s.RunStdio(ctx, c.MatchID, 0, bytes.NewReader(data), toAgentW)
		if err != nil && !errors.Is(err, ErrAgentGone) {
			t.Fatalf("RunStdio: %v", err)
		}
		if _, err := s.Wait(ctx, c.MatchID); err != nil {
			t.Fatal(err)
		}
		log, _, _ := s.Log(c.MatchID)
		checkLog(t, log)
	})
}

// sameInMsg reports whether a and b hold the same fields and values.
func sameInMsg(a, b inMsg) bool {
	str := func(x, y *string) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	num := func(x, y *int) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return str(a.Type, b.Type) && str(a.MatchID, b.MatchID) && num(a.Seat, b.Seat) && str(a.Token, b.Token) &&
		num(a.Turn, b.Turn) && str(a.Action, b.Action) && num(a.Amount, b.Amount) && str(a.Message, b.Message)
}

// parseFastCases are messages the fast path takes (true) or leaves to
// encoding/json (false).
var parseFastCases = []struct {
	in   string
	fast bool
}{
	{`{"type":"move","match_id":"m-1","turn":12,"action":"call"}`, true},
	{` { "type" : "move" , "turn" : -0 , "action" : "raise" , "amount" : 7 , "message" : "I <3 odds é" } `, true},
	{`{"type":"hello","match_id":"m-1","seat":2,"token":"abc"}`, true},
	{`{"type":"move","turn":123456789012345678}`, true},
	{`{}`, false},
	{`{"type":"move",}`, false},
	{`{"type":"move"}x`, false},
	{`{"type":"move","type":"hello"}`, false},
	{`{"TYPE":"move"}`, false},
	{`{"type":"move","extra":1}`, false},
	{`{"type":"m\u006fve"}`, false},
	{"{\"type\":\"\xff\"}", false},
	{"{\"type\":\"a\tb\"}", false},
	{`{"type":null}`, false},
	{`{"type":"move","turn":01}`, false},
	{`{"type":"move","turn":1.0}`, false},
	{`{"type":"move","turn":1e2}`, false},
	{`{"type":"move","turn":-}`, false},
	{`{"type":"move","turn":1234567890123456789}`, false},
	{`{"type":"move","turn":"1"}`, false},
	{`{"type":"move"`, false},
}

// TestParseFast: the fast path takes the usual moves and hellos and
// decodes them as encoding/json does; the rest it leaves alone.
func TestParseFast(t *testing.T) {
	for _, tc := range parseFastCases {
		m, ok := parseFast([]byte(tc.in))
		if ok != tc.fast {
			t.Errorf("parseFast(%s) ok = %v, want %v", tc.in, ok, tc.fast)
			continue
		}
		var want inMsg
		if ok && (json.Unmarshal([]byte(tc.in), &want) != nil || !sameInMsg(m, want)) {
			t.Errorf("parseFast(%s) = %+v, encoding/json says %+v", tc.in, m, want)
		}
	}
	// A message the fast path takes still needs its type.
	if _, ok := parseFast([]byte(`{"token":""}`)); !ok {
		t.Fatal("parseFast refuses a plain object without type")
	}
	if m, bad := parseIn([]byte(`{"token":""}`)); bad != `missing field "type"` {
		t.Fatalf("parseIn without type = %+v, %q; want missing field \"type\"", m, bad)
	}
}

// FuzzParseFast: whatever the fast path accepts, encoding/json decodes
// without error to the same message.
func FuzzParseFast(f *testing.F) {
	for _, tc := range parseFastCases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ok := parseFast(data)
		if !ok {
			return
		}
		var want inMsg
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("parseFast took %q, encoding/json rejects it: %v", data, err)
		}
		if !sameInMsg(m, want) {
			t.Fatalf("parseFast(%q) = %+v, encoding/json says %+v", data, m, want)
		}
	})
}
