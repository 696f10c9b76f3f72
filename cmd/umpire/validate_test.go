package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
)

func td(name string) string { return filepath.Join("testdata", "validate", name) }

func TestValidateCommand(t *testing.T) {
	tests := []cliCase{
		{name: "valid JSON Lines", args: []string{"validate", "--game", "inference", td("inference_log.jsonl")}, wantCode: exitOK, wantNoOut: true, wantErr: []string{"4 message(s) read, 0 invalid"}},
		{name: "invalid lines reported with line numbers", args: []string{"validate", "--game", "inference", td("inference_bad.jsonl")}, wantCode: exitFail,
			wantOut:    []string{td("inference_bad.jsonl") + ":2: SHOULD /amount: must be >= 0 (minimum) [contract: WIRE.md Match log]", ":3: (root): invalid JSON: truncated input", ":4: SHOULD /seat: must be <= 7 (maximum)"},
			wantErr:    []string{"4 message(s) read, 3 invalid, 3 violation(s)"},
			wantOutLen: 3},
		{name: "pretty document", args: []string{"validate", "--game", "bangarena", td("decision.json")}, wantCode: exitOK, wantNoOut: true, wantErr: []string{"1 message(s) read, 0 invalid"}},
		{name: "pretty document missing a field", args: []string{"validate", "--game", "bangarena", "--kind", "decision", td("decision_bad.json")}, wantCode: exitFail,
			wantOut: []string{td("decision_bad.json") + `:1: (root): missing required property "commandId" (required)`}},
		{name: "truncated document", args: []string{"validate", "--game", "bangarena", td("truncated.json")}, wantCode: exitFail, wantOut: []string{"truncated input"}},
		{name: "stdin", args: []string{"validate", "--game", "inference", "-"}, stdin: `{"type":"move","match_id":"m","turn":0,"action":"raise","amount":11}` + "\n", wantCode: exitFail,
			wantOut: []string{"<stdin>:1: /amount: must be <= 10 (maximum)"}},
		{name: "empty stdin fails", args: []string{"validate", "--game", "inference", "-"}, stdin: "", wantCode: exitFail, wantOut: []string{"<stdin>:1: (root): empty input"}},
		{name: "several files", args: []string{"validate", "--game", "inference", td("inference_log.jsonl"), td("inference_bad.jsonl")}, wantCode: exitFail, wantErr: []string{"8 message(s) read, 3 invalid"}},
		{name: "json format", args: []string{"validate", "--game", "inference", "--format", "json", td("inference_bad.jsonl")}, wantCode: exitFail, wantOutLen: 3,
			wantOut: []string{`"line":2`, `"kind":"log_ante"`, `"instanceLocation":"/amount"`, `"keywordLocation":"inference/defs.json#/$defs/credits/minimum"`, `"keyword":"minimum"`}},
		{name: "json output is not HTML-escaped", args: []string{"validate", "--game", "inference", "--format", "json", "-"}, stdin: `{"type":"bust","round":0,"seat":1}`, wantCode: exitOK,
			wantOut: []string{`"file":"<stdin>"`, `"message":"must be >= 1"`, `"level":"SHOULD"`, `"basis":"contract"`, `"ref":"WIRE.md Match log"`}},
		// A shape only umpire's pin fixes (x-basis) is SHOULD: the run
		// passes unless --strict; the documents' own shapes fail it.
		{name: "pin violation is SHOULD", args: []string{"validate", "--game", "inference", "--kind", "error", "-"}, stdin: `{"type":"error","match_id":"m","code":"invalid_action","message":"no","turn":0}`, wantCode: exitOK,
			wantOut: []string{"<stdin>:1: SHOULD /code:", "[contract: WIRE.md Envelope]"}, wantErr: []string{"1 at SHOULD"}},
		{name: "pin violation with --strict is MUST", args: []string{"validate", "--game", "inference", "--strict", "--kind", "error", "-"}, stdin: `{"type":"error","match_id":"m","code":"invalid_action","message":"no","turn":0}`, wantCode: exitFail,
			wantOut: []string{"<stdin>:1: /code:"}},
		{name: "json format strict", args: []string{"validate", "--game", "inference", "--strict", "--format", "json", "-"}, stdin: `{"type":"bust","round":0,"seat":1}`, wantCode: exitFail,
			wantOut: []string{`"level":"MUST"`, `"basis":"contract"`}},
		{name: "message over the cap", args: []string{"validate", "--game", "inference", "--max-bytes", "40", td("inference_log.jsonl")}, wantCode: exitFail, wantOut: []string{"exceeds the cap of 40 bytes"}},
		{name: "kind not detected", args: []string{"validate", "--game", "bangarena", "-"}, stdin: `{"roomId":"r"}`, wantCode: exitFail, wantOut: []string{"cannot detect the message kind"}},
		{name: "escape sequences are escaped", args: []string{"validate", "--game", "bangarena", "--kind", "legal_action", "-"}, stdin: `{"actionId":"x","command":"\u001b[31mred"}` + "\n", wantCode: exitFail, wantOut: []string{`\u001b[31mred`}},
		{name: "list kinds", args: []string{"validate", "--game", "bangarena", "--list-kinds"}, wantCode: exitOK, wantOut: []string{"decision\n", "decision_request\n"}},
		{name: "unknown kind", args: []string{"validate", "--game", "inference", "--kind", "nope", "-"}, wantCode: exitUsage, wantErr: []string{`unknown --kind "nope"`}},
		{name: "unknown game", args: []string{"validate", "--game", "chess", "-"}, wantCode: exitUsage, wantErr: []string{`unknown game "chess"`}},
		{name: "missing game", args: []string{"validate", "-"}, wantCode: exitUsage, wantErr: []string{"--game is required"}},
		{name: "bad format", args: []string{"validate", "--game", "inference", "--format", "xml", "-"}, wantCode: exitUsage, wantErr: []string{`unknown --format "xml"`}},
		{name: "no files", args: []string{"validate", "--game", "inference"}, wantCode: exitUsage, wantErr: []string{"at least one FILE"}},
		{name: "unreadable file", args: []string{"validate", "--game", "inference", td("no-such-file.jsonl")}, wantCode: exitUsage, wantErr: []string{"cannot read"}, wantNoOut: true},
		{name: "directory", args: []string{"validate", "--game", "inference", "testdata"}, wantCode: exitUsage, wantErr: []string{"cannot read testdata"}},
		{name: "bad max-bytes", args: []string{"validate", "--game", "inference", "--max-bytes", "0", "-"}, wantCode: exitUsage, wantErr: []string{"--max-bytes must be positive"}},
		{name: "help", args: []string{"validate", "-h"}, wantCode: exitOK, wantErr: []string{"Usage: umpire validate"}},
	}
	runCases(t, nil, tests)
}

func TestValidateJSONLinesAreObjects(t *testing.T) {
	code, out, _ := runUmpire(t, "", "validate", "--game", "inference", "--format", "json", td("inference_bad.jsonl"))
	if code != exitFail {
		t.Fatalf("exit code %d", code)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var v violationJSON
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.File == "" || v.Line == 0 || v.Message == "" {
			t.Errorf("line %q: %v %+v", l, err, v)
		}
	}
}

// splitMessages drains a messageReader over data (1 MiB cap).
func splitMessages(data []byte) []message {
	mr, err := newMessageReader(bytes.NewReader(data), 1<<20)
	if err != nil {
		panic(err)
	}
	var out []message
	for {
		m, err := mr.next()
		if err != nil {
			return out
		}
		m.data = bytes.Clone(m.data)
		out = append(out, m)
	}
}

func TestSplitMessages(t *testing.T) {
	tests := []struct {
		name      string
		data      string
		wantLines []int
		wantErrs  int
	}{
		{name: "json lines with blanks", data: "{}\n\n{}\r\n  \n[]\n", wantLines: []int{1, 3, 5}},
		{name: "pretty document after blank lines", data: "\n\n{\n  \"a\": 1\n}\n", wantLines: []int{3}},
		{name: "two pretty documents", data: "{\n\"a\":1\n}\n{\n\"b\":2\n}\n", wantLines: []int{1, 4}},
		{name: "json lines whose first line is broken", data: "{\"a\":\n{\"b\":1}\n", wantLines: []int{1, 2}},
		{name: "document with a syntax error", data: "{\n\"a\": 1,\n\"b\": x\n}\n", wantLines: []int{3}, wantErrs: 1},
		{name: "empty", data: "", wantLines: []int{1}},
		{name: "scalar document", data: "42", wantLines: []int{1}},
		{name: "stray closing bracket", data: "{\n}\n}\n", wantLines: []int{1, 3}, wantErrs: 1},
		{name: "blank lines only", data: "\n \n\t\n", wantLines: []int{1}},
		{name: "brackets inside strings", data: "{\n\"a\": \"}]\\\"{\"\n}\n{\n}", wantLines: []int{1, 4}},
		{name: "truncated document", data: "{\n\"a\": [1,\n", wantLines: []int{1}, wantErrs: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms := splitMessages([]byte(tc.data))
			var lines []int
			errs := 0
			for _, m := range ms {
				lines = append(lines, m.line)
				if m.err != "" {
					errs++
				}
			}
			if len(lines) != len(tc.wantLines) || errs != tc.wantErrs {
				t.Fatalf("have lines %v (%d errors), want %v (%d errors)", lines, errs, tc.wantLines, tc.wantErrs)
			}
			for i := range lines {
				if lines[i] != tc.wantLines[i] {
					t.Fatalf("have lines %v, want %v", lines, tc.wantLines)
				}
			}
		})
	}
}

func FuzzSplitMessages(f *testing.F) {
	f.Add([]byte("{}\n{}\n"))
	f.Add([]byte("{\n\"a\": [1,\n2]}\n"))
	f.Add([]byte("{\"a\":\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range splitMessages(data) {
			if m.line < 1 {
				t.Fatalf("line %d", m.line)
			}
		}
	})
}

// TestValidateSimulateLogs validates the match logs umpire's own simulate
// writes, for both games and every line kind they hold: detection must
// recognise each line and every line must be valid (a BangArena decision
// event was once taken for a legal_actions item).
func TestValidateSimulateLogs(t *testing.T) {
	for _, game := range []string{harness.GameInference, harness.GameBangArena} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"simulate", "--game", game, "--matches", "3", "--seed", "validate-sim", "--log-dir", dir}
			if game == harness.GameInference {
				args = append(args, "--rounds", "12")
			}
			if code, _, stderr := runUmpire(t, "", args...); code != exitOK {
				t.Fatalf("simulate: exit %d\n%s", code, stderr)
			}
			logs, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
			if err != nil || len(logs) != 3 {
				t.Fatalf("simulate wrote %v (%v), want 3 logs", logs, err)
			}
			code, stdout, stderr := runUmpire(t, "", append([]string{"validate", "--game", game}, logs...)...)
			if code != exitOK || stdout != "" || !strings.Contains(stderr, " 0 invalid, 0 violation(s)") {
				t.Fatalf("validate: exit %d, want 0 and no violation\n%s%s", code, firstLines(stdout, 10), stderr)
			}
		})
	}
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…\n")
	}
	return strings.Join(lines, "")
}
