package certify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/reports"
)

// TestReadYourTurn: the your_turn fast path reads the server's your_turn
// as the full pass does, and leaves every line it cannot vouch for to the
// full pass.
func TestReadYourTurn(t *testing.T) {
	lines := inferenceLines(t)
	if !bytes.HasPrefix(lines[0], yourTurnHead) {
		t.Fatal("the first test line is not a your_turn")
	}
	turn := lines[0]
	vs := bytes.Index(turn, visibleKey)
	la := bytes.LastIndex(turn, legalTailKey)
	edit := func(parts ...string) []byte { return []byte(joinStrings(parts)) }
	head, visible, legal := string(turn[:vs]), string(turn[vs:la+1]), string(turn[la+1:])
	for _, c := range []struct {
		name string
		line []byte
		fast bool // the fast path reads it
	}{
		{"server your_turn", turn, true},
		{"no deadline_ms", edit(`{"type":"your_turn","match_id":"m","round":3,"turn":7`, visible, legal), true},
		{"a visible_state quoting the keys", edit(head, `,"visible_state":{"m":"},\"legal_actions\":[{\"action\":\"raise\"}]}","legal_actions":[{"action":"raise"}]}`, legal), true},
		{"a member after legal_actions", edit(head, visible, `,"legal_actions":[{"action":"fold"}],"turn":9}`), false},
		{"legal_actions not last, a turn after it", edit(head, visible, `,"legal_actions":[{"action":"fold"}],"x":{"legal_actions":[]}}`), false},
		{"an object before visible_state", edit(`{"type":"your_turn","round":{"a":1},"turn":1`, visible, legal), true},
		{"the key inside an object before it", edit(`{"type":"your_turn","x":{"a":1`, visible, `}`, legal), false},
		{"legal_actions before visible_state", edit(`{"type":"your_turn","legal_actions":[],"turn":1`, visible, legal), false},
		{"not an array", edit(head, visible, `,"legal_actions":{"action":"fold"}}`), false},
		{"trailing space", append(bytes.Clone(turn), ' '), false},
		{"an event", lines[1], false},
	} {
		t.Run(c.name, func(t *testing.T) { checkFastPath(t, readYourTurn, c.line, c.fast) })
	}
}

func joinStrings(parts []string) string {
	var b bytes.Buffer
	for _, p := range parts {
		b.WriteString(p)
	}
	return b.String()
}

// FuzzReadYourTurn: whenever the fast path reads a line that is JSON and
// laid out as the server writes a your_turn (legal_actions the last member,
// right after visible_state), it reads what the full pass reads. The seeds are the test lines and
// your_turns of the server's layout around fuzzed visible states.
func FuzzReadYourTurn(f *testing.F) {
	for _, l := range inferenceLines(f) {
		f.Add(l)
	}
	f.Add([]byte(`{"type":"your_turn","match_id":"m","round":1,"turn":2,"deadline_ms":5,"visible_state":{"a":"\",\"legal_actions\":["},"legal_actions":[{"action":"call","amount":0}]}`))
	f.Add([]byte(`{"type":"your_turn","turn":2,"visible_state":{},"turn":3,"legal_actions":[]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		if got, ok := readYourTurn(line); ok && json.Valid(line) && serverLayout(line) {
			agreesWithFull(t, got, line)
		}
	})
}

// serverLayout reports whether the last two top-level members of a JSON
// object are visible_state and legal_actions.
func serverLayout(line []byte) bool {
	var keys []string
	gjson.ParseBytes(line).ForEach(func(k, _ gjson.Result) bool {
		keys = append(keys, k.Str)
		return true
	})
	n := len(keys)
	return n >= 2 && keys[n-2] == "visible_state" && keys[n-1] == "legal_actions"
}

// BenchmarkReadYourTurn reads the late your_turn of the test lines through
// readInfLine (the fast path) and through the full pass.
func BenchmarkReadYourTurn(b *testing.B) {
	line := inferenceLines(b)[0]
	for name, read := range map[string]func([]byte) (infLine, error){"path=readInfLine": readInfLine, "path=full": readInfLineFull} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := read(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestServerYourTurnsTakeTheFastPath: every your_turn the embedded server
// sends over a whole match (6 seats, a late one carrying a long history)
// is read by the fast path, as the full pass reads it.
func TestServerYourTurnsTakeTheFastPath(t *testing.T) {
	cfg := small(GameInference, bin.agent, 1)
	cfg.Seats, cfg.Rounds = 6, 8
	res, err := Replay(context.Background(), cfg, 0)
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	for _, m := range res.Transcript {
		if m.Dir != reports.Sent || !bytes.HasPrefix(m.Body, yourTurnHead) {
			continue
		}
		turns++
		got, ok := readYourTurn(m.Body)
		want, err := readInfLineFull(m.Body)
		if !ok || err != nil || derefs(got) != derefs(want) {
			t.Fatalf("your_turn %d: fast path %v %s, full pass %s (%v)\n%s", turns, ok, derefs(got), derefs(want), err, m.Body)
		}
	}
	if turns < 8 {
		t.Fatalf("%d your_turns in the match, want 8 or more", turns)
	}
}

// TestServerLegal: the legal_actions reader of the server's items reads
// what readLegal reads, and leaves any other array to it.
func TestServerLegal(t *testing.T) {
	for _, c := range []struct {
		name string
		arr  string
		fast bool // serverLegal reads it
	}{
		{"server items", `[{"action":"fold"},{"action":"call","amount":7},{"action":"raise","min":1,"max":10}]`, true},
		{"a free call", `[{"action":"fold"},{"action":"call","amount":0}]`, true},
		{"no item", `[]`, true},
		{"a repeated item", `[{"action":"call","amount":3},{"action":"call","amount":0}]`, true},
		{"15 digits", `[{"action":"call","amount":123456789012345}]`, true},
		{"16 digits", `[{"action":"call","amount":1234567890123456}]`, false},
		{"a negative amount", `[{"action":"call","amount":-1}]`, false},
		{"a fractional min", `[{"action":"raise","min":1.5,"max":10}]`, false},
		{"an unknown action", `[{"action":"check"}]`, false},
		{"another member", `[{"action":"fold","why":"x"}]`, false},
		{"members in another order", `[{"action":"raise","max":10,"min":1}]`, false},
		{"a space", `[{"action":"fold"}, {"action":"call","amount":1}]`, false},
		{"a trailing comma", `[{"action":"fold"},]`, false},
		{"not an array", `{"action":"fold"}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := serverLegal([]byte(c.arr))
			if ok != c.fast {
				t.Fatalf("serverLegal took it %v, want %v", ok, c.fast)
			}
			if !ok {
				return
			}
			want, ok := wire.ReadLegal([]byte(c.arr))
			if !ok || fmt.Sprint(got) != fmt.Sprint(want) || (got == nil) != (want == nil) {
				t.Errorf("serverLegal %v\nReadLegal   %v (%v)", got, want, ok)
			}
		})
	}
}

// checkFastPath holds one of readInfLine's fast paths to the full pass on
// line: taken when wantFast says, and then reading what the full pass
// reads; readInfLine itself reads the line as the full pass does.
func checkFastPath(t *testing.T, fast func([]byte) (infLine, bool), line []byte, wantFast bool) {
	t.Helper()
	got, ok := fast(line)
	if ok != wantFast {
		t.Fatalf("fast path taken %v, want %v", ok, wantFast)
	}
	want, wantErr := readInfLineFull(line)
	if ok && (wantErr != nil || derefs(got) != derefs(want)) {
		t.Errorf("fast path %s\nfull pass %s (%v)", derefs(got), derefs(want), wantErr)
	}
	all, err := readInfLine(line)
	if (err == nil) != (wantErr == nil) || derefs(all) != derefs(want) {
		t.Errorf("readInfLine %s (%v)\nfull pass   %s (%v)", derefs(all), err, derefs(want), wantErr)
	}
}

// agreesWithFull fails a fuzz input whose fast-path reading got differs
// from the full pass over line (or that the full pass cannot read).
func agreesWithFull(t *testing.T, got infLine, line []byte) {
	t.Helper()
	want, err := readInfLineFull(line)
	if err != nil {
		t.Fatalf("the fast path read %q, the full pass fails: %v", line, err)
	}
	if derefs(got) != derefs(want) {
		t.Fatalf("%q:\nfast path %s\nfull pass %s", line, derefs(got), derefs(want))
	}
}
