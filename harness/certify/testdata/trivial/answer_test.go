//go:build !http

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"
	_ "github.com/umpire-arena/umpire/harness/allgames" // registers every game
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/reports"
)

// TestMain runs the test binary as the agent when agentEnv is set, so
// that TestServersKeepTheLayout plays real matches against this very code.
func TestMain(m *testing.M) {
	if os.Getenv(agentEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const agentEnv = "TRIVIAL_TEST_AS_AGENT"

// TestAnswerFast: the fast path answers the requests of the servers'
// layout as the full read does, and leaves every other line to it.
func TestAnswerFast(t *testing.T) {
	const (
		turn  = `{"type":"your_turn","match_id":"m-1","round":3,"turn":7,"deadline_ms":500,"visible_state":{"pot":4}`
		fold  = `{"action":"fold"}`
		free  = `{"action":"call","amount":0}`
		cost  = `{"action":"call","amount":3}`
		raise = `{"action":"raise","min":1,"max":10}`
		ba    = `{"matchId":"m-2","seatId":2,"decisionId":"d-9-2","observationVersion":9,"observation":{"you":2}`
	)
	legal := func(items ...string) string { return `,"legal_actions":[` + strings.Join(items, ",") + `]}` }
	served := serverLine(t)
	for _, c := range []struct {
		name string
		line string
		fast bool // the fast path answers it
	}{
		{"server your_turn", served, true},
		{"server your_turn with its line end", served + "\n", true},
		{"a free call", turn + legal(fold, free, raise), true},
		{"a call that costs", turn + legal(fold, cost, raise), true},
		{"the first call decides", turn + legal(cost, free), true},
		{"no legal action", turn + legal(), true},
		{"no deadline_ms", `{"type":"your_turn","match_id":"m","round":1,"turn":0,"visible_state":{}` + legal(free), true},
		{"a state quoting the key", turn[:len(turn)-1] + `,"q":"\",\"legal_actions\":[{\"action\":\"call\",\"amount\":0}]}"}` + legal(fold, cost), true},
		{"legal_actions not last", turn + `,"legal_actions":[` + free + `],"x":1}`, false},
		{"legal_actions only nested", `{"type":"your_turn","match_id":"m","round":1,"turn":0,"visible_state":{"a":1` + legal(free) + `}`, false},
		{"an action of another shape", turn + legal(fold, `{"action":"call","amount":"0"}`), false},
		{"an unknown action", turn + legal(`{"action":"check"}`), false},
		{"an escaped match_id", `{"type":"your_turn","match_id":"m\"1","round":1,"turn":0,"visible_state":{}` + legal(free), false},
		{"a fractional turn", `{"type":"your_turn","match_id":"m","round":1,"turn":0.5,"visible_state":{}` + legal(free), false},
		{"members in another order", `{"type":"your_turn","round":1,"match_id":"m","turn":0,"visible_state":{}` + legal(free), false},
		{"a space", `{"type":"your_turn", "match_id":"m","round":1,"turn":0,"visible_state":{}` + legal(free), false},
		{"a decision request", ba + `,"legalActions":[{"actionId":"shot:shot_09:5","command":"play_shot","argsSchema":{"cardUid":"shot_09","targetSeat":5}},{"actionId":"end_play","command":"end_play"}]}`, true},
		{"a request quoting brackets", ba + `,"legalActions":[{"actionId":"a","argsSchema":{"s":"]}\"]"}},{"actionId":"b"}]}`, true},
		{"deadlineAt and legal_mask after it", ba + `,"legalActions":[{"actionId":"a"},{"actionId":"b"}],"deadlineAt":"2026-12-02T04:12:56.910Z","legal_mask":[{"actionId":"a"},{"actionId":"b"}]}`, true},
		{"a null deadlineAt", ba + `,"legalActions":[{"actionId":"a"}],"deadlineAt":null,"legal_mask":[{"actionId":"a"}]}`, true},
		{"legal_mask missing", ba + `,"legalActions":[{"actionId":"a"}],"deadlineAt":null}`, false},
		{"a member after legal_mask", ba + `,"legalActions":[{"actionId":"a"}],"deadlineAt":null,"legal_mask":[],"x":1}`, false},
		{"a null decisionId", `{"matchId":"m","seatId":0,"decisionId":null,"observationVersion":1,"legalActions":[{"actionId":"a"}]}`, false},
		{"legalActions not last", ba + `,"legalActions":[{"actionId":"a"}],"turn":1}`, false},
		{"legalActions only nested", ba[:len(ba)-1] + `,"legalActions":[{"actionId":"inner"}]}}`, false},
		{"an escaped actionId", ba + `,"legalActions":[{"actionId":"a\"b"}]}`, false},
		{"an item of another order", ba + `,"legalActions":[{"command":"x","actionId":"a"}]}`, false},
		{"no legal item", ba + `,"legalActions":[]}`, false},
		{"an event", `{"type":"event","match_id":"m","event":{"type":"ante","round":1,"seat":0,"amount":2}}`, false},
		{"an error", `{"type":"error","match_id":"m","code":"illegal_move","message":"no","turn":3}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			line := []byte(c.line)
			got, ok := answerFast(nil, bytes.TrimRight(line, "\n"), 5)
			if ok != c.fast {
				t.Fatalf("fast path taken %v, want %v", ok, c.fast)
			}
			want := answerFull(nil, line, 5)
			if ok && string(got) != string(want) {
				t.Errorf("fast path %s\nfull read %s", got, want)
			}
			if all := answer(nil, line, 5); string(all) != string(want) {
				t.Errorf("answer    %s\nfull read %s", all, want)
			}
		})
	}
}

// serverLine is the late your_turn of the certify package's test lines.
func serverLine(t testing.TB) string {
	b, err := os.ReadFile("../inference_lines.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := bytes.Cut(b, []byte("\n"))
	if !bytes.HasPrefix(first, turnHead) {
		t.Fatalf("the first test line is not a your_turn: %.60s", first)
	}
	return string(first)
}

// FuzzAnswer: whenever the fast path answers a line that is one JSON
// object without a repeated top-level key, the full read gives the same
// answer.
func FuzzAnswer(f *testing.F) {
	f.Add([]byte(serverLine(f)))
	f.Add([]byte(`{"type":"your_turn","match_id":"m","round":1,"turn":2,"deadline_ms":5,"visible_state":{"a":"\",\"legal_actions\":["},"legal_actions":[{"action":"fold"},{"action":"call","amount":0}]}`))
	f.Add([]byte(`{"matchId":"m","seatId":1,"decisionId":"d","observationVersion":4,"observation":{"legalActions":[{"actionId":"x"}]},"legalActions":[{"actionId":"a","s":"]}"},{"actionId":"b"}]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := answerFast(nil, line, 1)
		if !ok || !json.Valid(line) || !uniqueKeys(line) {
			return
		}
		if want := answerFull(nil, line, 1); string(got) != string(want) {
			t.Fatalf("%q:\nfast path %s\nfull read %s", line, got, want)
		}
	})
}

// uniqueKeys reports whether line is an object none of whose top-level
// keys repeats.
func uniqueKeys(line []byte) bool {
	seen := map[string]bool{}
	unique := true
	root := gjson.ParseBytes(line)
	root.ForEach(func(k, _ gjson.Result) bool {
		unique = !seen[k.Str]
		seen[k.Str] = true
		return unique
	})
	return root.IsObject() && unique
}

// TestServersKeepTheLayout plays a match of each game against this agent
// (the test binary itself) on umpire's embedded servers: every request
// they send takes the fast path and gets the full read's answer, and
// certification passes.
func TestServersKeepTheLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two matches")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range []string{certify.GameInference, certify.GameBangArena} {
		t.Run(game, func(t *testing.T) {
			cfg := certify.Config{Game: game, Agent: certify.Agent{Command: agentEnv + "=1 exec '" + exe + "'"},
				Matches: 1, Seed: "layout", Seats: 6, Rounds: 10, Deadline: 5 * time.Second, ExitGrace: 2 * time.Second}
			res, err := certify.Replay(context.Background(), cfg, 0)
			if err != nil {
				t.Fatal(err)
			}
			if res.Match.Termination != reports.TermOK {
				t.Fatalf("the match ended %s", res.Match.Termination)
			}
			for _, c := range res.Checks {
				if c.Status == reports.Fail || c.Status == reports.Error {
					t.Errorf("check %s: %s", c.Name, c.Status)
				}
			}
			requests := 0
			for _, m := range res.Transcript {
				if m.Dir != reports.Sent {
					continue
				}
				want := answerFull(nil, m.Body, 1)
				if want == nil {
					continue
				}
				requests++
				got, ok := answerFast(nil, m.Body, 1)
				if !ok || string(got) != string(want) {
					t.Fatalf("request %d: fast path %v %s, full read %s\n%.300s", requests, ok, got, want, m.Body)
				}
			}
			if requests < 5 {
				t.Fatalf("%d requests in the match, want 5 or more", requests)
			}
		})
	}
}
