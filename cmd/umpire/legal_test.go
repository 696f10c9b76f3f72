package main

import (
	"path/filepath"
	"strings"
	"testing"
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
		{name: "inconsistent view is a finding", args: []string{"legal", "--game", "inference", legalTD("your_turn_bad_to_call.json")}, wantCode: exitFail,
			wantOut: []string{"inference/protocol.to-call"}},
		{name: "envelope field missing warns", args: []string{"legal", "--game", "inference", "--check", legalTD("your_turn_no_deadline.json")}, wantCode: exitOK,
			wantErr: []string{"inference/protocol.envelope", `lacks "deadline_ms"`}},
		{name: "check without legal_actions", args: []string{"legal", "--game", "inference", "--check", legalTD("visible_state.json")}, wantCode: exitUsage, wantErr: []string{"--check needs a your_turn"}},
		{name: "not json", args: []string{"legal", "--game", "inference", "-"}, stdin: "hello", wantCode: exitUsage, wantErr: []string{"not one JSON object"}},
		{name: "message over the limit", args: []string{"legal", "--game", "inference", "-"}, stdin: strings.Repeat(" ", maxMessageBytes+1), wantCode: exitFail, wantOut: []string{"exceeds the limit of 1048576 bytes"}},
		{name: "bangarena message over the limit", args: []string{"legal", "--game", "bangarena", "-"}, stdin: strings.Repeat(" ", maxMessageBytes+1), wantCode: exitFail, wantOut: []string{"exceeds the limit of 1048576 bytes"}},
		{name: "other message type", args: []string{"legal", "--game", "inference", "-"}, stdin: `{"type":"move"}`, wantCode: exitUsage, wantErr: []string{`a "move" message`}},
		{name: "view lacks fields", args: []string{"legal", "--game", "inference", "-"}, stdin: `{"your_seat":1}`, wantCode: exitUsage, wantErr: []string{`visible_state lacks "your_credits"`}},
		{name: "missing file", args: []string{"legal", "--game", "inference", legalTD("nope.json")}, wantCode: exitUsage, wantErr: []string{"cannot read"}},
		{name: "no file", args: []string{"legal", "--game", "inference"}, wantCode: exitUsage, wantErr: []string{"exactly one FILE"}},
		{name: "no game", args: []string{"legal", "-"}, wantCode: exitUsage, wantErr: []string{"--game is required"}},
	}
	runCases(t, nil, tests)
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
