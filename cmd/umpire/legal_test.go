package main

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
)

func legalTD(name string) string { return filepath.Join("testdata", "legal", name) }

func TestLegalCommand(t *testing.T) {
	ok := readFixture(t, legalTD("your_turn.json"))
	tests := []cliCase{
		{name: "derive", args: []string{"legal", "--game", "inference", legalTD("your_turn.json")}, wantCode: exitOK,
			wantOut: []string{`[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":10}]`}},
		{name: "bare visible_state", args: []string{"legal", "--game", "inference", legalTD("visible_state.json")}, wantCode: exitOK,
			wantOut: []string{`{"action":"call","amount":4}`}},
		{name: "stdin", args: []string{"legal", "--game", "inference", "-"}, stdin: string(ok), wantCode: exitOK, wantOut: []string{`"max":10`}},
		{name: "check equal", args: []string{"legal", "--game", "inference", "--check", legalTD("your_turn.json")}, wantCode: exitOK,
			wantOut: []string{"legal_actions match"}},
		{name: "check flags a broken your_turn", args: []string{"legal", "--game", "inference", "--check", legalTD("your_turn_broken.json")}, wantCode: exitFail,
			wantOut: []string{`extra:     {"action":"check"}`, "different: call: amount is 2, want 4  (inference/wire.legal-actions.call)", "different: raise: max is 12, want 10  (inference/wire.legal-actions.raise)", "0 missing, 1 extra, 2 different"}},
		{name: "check flags a missing raise", args: []string{"legal", "--game", "inference", "--check", legalTD("your_turn_missing_raise.json")}, wantCode: exitFail,
			wantOut: []string{`missing:   {"action":"raise","min":1,"max":10}`}},
		{name: "check json", args: []string{"legal", "--game", "inference", "--check", "--format", "json", legalTD("your_turn_broken.json")}, wantCode: exitFail,
			wantOut: []string{`"missing": []`, `"extra": [`, `"different": [`, `"equal": false`}},
		// Another current_bet convention (I-INF-4) is a warning on umpire's
		// pin; the legal actions are still derived from to_call.
		{name: "another current_bet convention warns", args: []string{"legal", "--game", "inference", legalTD("your_turn_bad_to_call.json")}, wantCode: exitOK,
			wantOut: []string{`{"action":"call","amount":3}`}, wantErr: []string{"inference/protocol.current-bet"}},
		{name: "no derivation is a finding", args: []string{"legal", "--game", "inference", "-"}, stdin: `{"your_seat":1,"your_credits":0,"to_call":0,"raises_used":0,"turn":{"turn":0,"seat":1}}`, wantCode: exitFail,
			wantOut: []string{"inference/round.3.all-in"}},
		{name: "envelope field missing warns", args: []string{"legal", "--game", "inference", "--check", legalTD("your_turn_no_deadline.json")}, wantCode: exitOK,
			wantErr: []string{"inference/timeouts.deadline", `lacks "deadline_ms"`}},
		{name: "check without legal_actions", args: []string{"legal", "--game", "inference", "--check", legalTD("visible_state.json")}, wantCode: exitUsage, wantErr: []string{"--check needs a your_turn"}},
		{name: "not json", args: []string{"legal", "--game", "inference", "-"}, stdin: "hello", wantCode: exitUsage, wantErr: []string{"not one JSON object"}},
		{name: "message over the limit", args: []string{"legal", "--game", "inference", "-"}, stdin: strings.Repeat(" ", maxMessageBytes+1), wantCode: exitFail, wantOut: []string{"exceeds the limit of 1048576 bytes"}},
		{name: "bangarena message over the limit", args: []string{"legal", "--game", "bangarena", "-"}, stdin: strings.Repeat(" ", maxMessageBytes+1), wantCode: exitFail, wantOut: []string{"exceeds the limit of 1048576 bytes"}},
		// Nested deeper than schemas.MaxDepth: exit 3 (umpire's bound,
		// not a usage mistake) with one clear line, for both games, below
		// and above encoding/json's limit (bangarena read around 600
		// levels and said the lists match).
		{name: "nested 600 deep", args: []string{"legal", "--game", "inference", "--check", "-"}, stdin: deepMessage("your_turn", 600), wantCode: exitError, wantErr: []string{"nested deeper than 512 levels"}},
		{name: "nested 20000 deep", args: []string{"legal", "--game", "inference", "--check", "-"}, stdin: deepMessage("your_turn", 20000), wantCode: exitError, wantErr: []string{"nested deeper than 512 levels"}},
		{name: "bangarena nested 600 deep", args: []string{"legal", "--game", "bangarena", "--check", "-"}, stdin: deepMessage("observation", 600), wantCode: exitError, wantErr: []string{"nested deeper than 512 levels"}},
		{name: "bangarena nested 20000 deep", args: []string{"legal", "--game", "bangarena", "--check", "-"}, stdin: deepMessage("observation", 20000), wantCode: exitError, wantErr: []string{"nested deeper than 512 levels"}},
		{name: "bangarena unclosed nesting", args: []string{"legal", "--game", "bangarena", "--check", "-"}, stdin: strings.Repeat("[", 100000), wantCode: exitError, wantErr: []string{"nested deeper than 512 levels"}},
		{name: "other message type", args: []string{"legal", "--game", "inference", "-"}, stdin: `{"type":"move"}`, wantCode: exitUsage, wantErr: []string{`a "move" message`}},
		{name: "view lacks fields", args: []string{"legal", "--game", "inference", "-"}, stdin: `{"your_seat":1}`, wantCode: exitUsage, wantErr: []string{"visible_state.your_credits is absent or not an integer"}},
		{name: "missing file", args: []string{"legal", "--game", "inference", legalTD("nope.json")}, wantCode: exitUsage, wantErr: []string{"cannot read"}},
		{name: "no file", args: []string{"legal", "--game", "inference"}, wantCode: exitUsage, wantErr: []string{"exactly one FILE"}},
		{name: "no game", args: []string{"legal", "-"}, wantCode: exitUsage, wantErr: []string{"--game is required"}},
	}
	runCases(t, nil, tests)
}

// deepMessage is a message of the kind named (your_turn for Inference, a
// DecisionRequest for BangArena) with a field nested depth levels deep.
func deepMessage(kind string, depth int) string {
	nest := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	if kind == "observation" {
		return `{"observation":{"x":` + nest + `},"legalActions":[]}`
	}
	return `{"type":"your_turn","legal_actions":[],"visible_state":{"x":` + nest + `}}`
}

// FuzzLegalInput: whatever arrives, umpire legal answers with an exit code
// and never panics.
func FuzzLegalInput(f *testing.F) {
	for _, name := range []string{"your_turn.json", "your_turn_broken.json", "visible_state.json"} {
		f.Add(string(readFixture(f, legalTD(name))))
	}
	f.Fuzz(func(t *testing.T, in string) {
		code, _, _ := runUmpire(t, in, "legal", "--game", "inference", "--check", "-")
		if code != exitOK && code != exitFail && code != exitUsage {
			t.Fatalf("exit %d", code)
		}
	})
}

// FuzzLegalOtherFields feeds your_turn messages whose fields the derivation
// does not need (everything but your_seat, your_credits, to_call,
// raises_used, turn and the raise limits) hold random JSON: umpire legal
// still derives the legal actions, and the same ones.
func FuzzLegalOtherFields(f *testing.F) {
	base := readFixture(f, legalTD("your_turn.json"))
	want := deriveLegal(f, base)
	if want == "" {
		f.Fatal("the fixture derives nothing")
	}
	f.Add(uint16(0), `{"a":[1,{"b":null}]}`)
	f.Add(uint16(7), `"text"`)
	f.Add(uint16(13), `-3.5e9`)
	f.Add(uint16(21), `[]`)
	f.Fuzz(func(t *testing.T, which uint16, value string) {
		if !json.Valid([]byte(value)) {
			return
		}
		var msg map[string]any
		if err := json.Unmarshal(base, &msg); err != nil {
			t.Fatal(err)
		}
		paths := otherFields(msg)
		p := paths[int(which)%len(paths)]
		setPath(msg, p, json.RawMessage(value))
		// and every other field of the same depth set from the fuzz value
		// too when which is odd: several odd fields at once
		if which%2 == 1 {
			for _, q := range paths {
				setPath(msg, q, json.RawMessage(value))
			}
		}
		in, err := json.Marshal(msg)
		if err != nil {
			t.Fatal(err)
		}
		if got := deriveLegal(t, in); got != want {
			t.Fatalf("with %v = %s: derived %q, want %q", p, value, got, want)
		}
	})
}

// deriveLegal returns the legal actions umpire legal derives from a
// your_turn, as JSON ("" when none).
func deriveLegal(t testing.TB, in []byte) string {
	t.Helper()
	vs, _, _, err := parseDecision(in)
	if err != nil {
		return ""
	}
	l, err := inference.LegalFromView(vs)
	if err != nil {
		return ""
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// otherFields lists the paths of a your_turn the derivation does not read.
func otherFields(msg map[string]any) [][]string {
	var out [][]string
	for k := range msg {
		if k != "type" && k != "visible_state" {
			out = append(out, []string{k})
		}
	}
	vs, _ := msg["visible_state"].(map[string]any)
	need := map[string]bool{"your_seat": true, "your_credits": true, "to_call": true, "raises_used": true, "turn": true, "limits": true}
	for k := range vs {
		if !need[k] {
			out = append(out, []string{"visible_state", k})
		}
	}
	lim, _ := vs["limits"].(map[string]any)
	for k := range lim {
		if k != "min_raise" && k != "max_raise" && k != "max_raises_per_round" {
			out = append(out, []string{"visible_state", "limits", k})
		}
	}
	out = append(out, []string{"visible_state", "turn", "turn"})
	sort.Slice(out, func(i, j int) bool { return strings.Join(out[i], "/") < strings.Join(out[j], "/") })
	return out
}

// setPath sets the value at path in msg (objects only).
func setPath(msg map[string]any, path []string, v any) {
	m := msg
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			return
		}
		m = next
	}
	m[path[len(path)-1]] = v
}
