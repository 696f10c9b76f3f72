package certify

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestReadEvent: the event fast path reads the server's event lines as the
// full pass does, and leaves every line it cannot vouch for to the full
// pass.
func TestReadEvent(t *testing.T) {
	const head = `{"type":"event","match_id":"m-1","event":`
	ev := func(obj string) []byte { return []byte(head + obj + `}`) }
	var server [][]byte
	for _, l := range inferenceLines(t) {
		if bytes.HasPrefix(l, eventHead) {
			server = append(server, l)
		}
	}
	if len(server) < 5 {
		t.Fatalf("%d event lines in the test lines, want 5 or more", len(server))
	}
	cases := []struct {
		name string
		line []byte
		fast bool // the fast path reads it
	}{
		{"action", ev(`{"type":"action","round":3,"turn":7,"seat":2,"action":"raise","amount":4,"all_in":true}`), true},
		{"timeout", ev(`{"type":"timeout","round":12,"turn":0,"seat":5,"strikes":3,"sit_out":true,"back_in_round":18}`), true},
		{"nested values skipped", ev(`{"type":"showdown","round":1,"reveals":[{"seat":2,"value":19}],"winners":[5],"x":{"turn":[1,{"a":"]}"}]},"pot":16}`), true},
		{"a message with escapes", ev(`{"type":"message","round":1,"turn":2,"seat":3,"text":"say \"hi\" \\ {[}"}`), true},
		{"an escaped match_id", []byte(`{"type":"event","match_id":"m-\"1\"","event":{"type":"ante","round":1,"seat":0,"amount":2}}`), true},
		{"a repeated seat: the last wins", ev(`{"type":"ante","seat":1,"round":1,"seat":4}`), true},
		{"an empty event", ev(`{}`), true},
		{"negative integers", ev(`{"type":"x","round":-3,"turn":-0,"seat":-12}`), true},
		{"null seat", ev(`{"type":"action","round":1,"seat":null}`), false},
		{"a seat in a string", ev(`{"type":"action","round":1,"seat":"2"}`), false},
		{"a fractional turn", ev(`{"type":"action","round":1,"turn":2.5}`), false},
		{"an exponent round", ev(`{"type":"action","round":1e2}`), false},
		{"a 16-digit seat", ev(`{"type":"action","seat":1234567890123456}`), false},
		{"an escaped type", ev(`{"type":"time\u006fut","seat":1}`), false},
		{"an escaped key", ev(`{"type":"timeout","se\u0061t":1}`), false},
		{"a type that is not a string", ev(`{"type":7,"seat":1}`), false},
		{"space after a colon", ev(`{"type": "action","seat":1}`), false},
		{"a member after the event", []byte(head + `{"type":"action","seat":1},"round":4}`), false},
		{"an event that is not an object", []byte(head + `[1,2]}`), false},
		{"trailing space", append(ev(`{"type":"ante","seat":1}`), ' '), false},
		{"unterminated", []byte(head + `{"type":"ante","seat":1`), false},
		{"a your_turn", inferenceLines(t)[0], false},
	}
	for i, l := range server {
		cases = append(cases, struct {
			name string
			line []byte
			fast bool
		}{"server line " + string(rune('a'+i)), l, true})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkFastPath(t, readEvent, c.line, c.fast) })
	}
}

// FuzzReadEvent: whenever the event fast path reads a line that is JSON,
// it reads what the full pass reads. The seeds are the test lines and
// event lines around odd event objects.
func FuzzReadEvent(f *testing.F) {
	for _, l := range inferenceLines(f) {
		f.Add(l)
	}
	for _, obj := range []string{
		`{"type":"action","round":3,"turn":7,"seat":2,"action":"raise","amount":4}`,
		`{"type":"showdown","round":1,"reveals":[{"seat":2,"value":19}],"winners":[5],"payouts":[{"seat":5,"amount":16}]}`,
		`{"type":"message","round":1,"turn":2,"seat":3,"text":"\"}],\"seat\":9,\"x\":{\\"}`,
		`{"seat":1,"seat":2,"turn":-5,"round":0,"type":"a","type":"b"}`,
	} {
		f.Add([]byte(`{"type":"event","match_id":"m","event":` + obj + `}`))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if got, ok := readEvent(line); ok && json.Valid(line) {
			agreesWithFull(t, got, line)
		}
	})
}

// TestServerEventsTakeTheFastPath: every event the embedded server sends
// over a whole match (6 seats, 8 rounds) is read by the fast path, as the
// full pass reads it, so that the server keeps the layout readEvent relies
// on.
func TestServerEventsTakeTheFastPath(t *testing.T) {
	cfg := small(GameInference, bin.agent, 1)
	cfg.Seats, cfg.Rounds = 6, 8
	res, err := Replay(context.Background(), cfg, 0)
	if err != nil {
		t.Fatal(err)
	}
	events, kinds := 0, map[string]bool{}
	for _, m := range res.Transcript {
		if m.Dir != reports.Sent || !bytes.HasPrefix(m.Body, []byte(`{"type":"event"`)) {
			continue
		}
		events++
		got, ok := readEvent(m.Body)
		want, err := readInfLineFull(m.Body)
		if !ok || err != nil || derefs(got) != derefs(want) {
			t.Fatalf("event %d: fast path %v %s, full pass %s (%v)\n%s", events, ok, derefs(got), derefs(want), err, m.Body)
		}
		kinds[got.Event.Type] = true
	}
	for _, k := range []string{"match_start", "round_start", "deal_private", "ante", "action", "showdown"} {
		if !kinds[k] {
			t.Errorf("no %s event in the match (%d events): the test no longer covers it", k, events)
		}
	}
}

// BenchmarkReadEvent reads the event lines of the test lines through
// readInfLine (the fast path) and through the full pass.
func BenchmarkReadEvent(b *testing.B) {
	var lines [][]byte
	n := 0
	for _, l := range inferenceLines(b) {
		if bytes.HasPrefix(l, eventHead) {
			lines = append(lines, l)
			n += len(l)
		}
	}
	for name, read := range map[string]func([]byte) (infLine, error){"path=readInfLine": readInfLine, "path=full": readInfLineFull} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					if _, err := read(l); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
