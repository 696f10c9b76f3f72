package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// vtd names a fixture of the verifier's own test data.
func vtd(name string) string {
	return filepath.Join("..", "..", "referee", "inference", "verify", "testdata", name)
}

func TestVerifyCommand(t *testing.T) {
	full := readFixture(t, vtd("full.jsonl"))
	escape := string(full[:bytes.IndexByte(full, '\n')+1]) + "{\"type\":\"\\u001b[31mred\\u202e\"}\n"
	tests := []cliCase{
		{name: "correct log", args: []string{"--game", "inference", vtd("full.jsonl")}, wantCode: exitOK,
			wantOut: []string{vtd("full.jsonl") + "\n", "conforms: 771 line(s), 40 round(s), 0 MUST", "umpire verify: 1 file(s), 771 line(s), 40 round(s): 0 MUST"}},
		{name: "public log", args: []string{"--game", "inference", vtd("public.jsonl")}, wantCode: exitOK,
			wantOut: []string{"conforms:", "public log", "0 MUST"}, notOut: []string{" 0 inconclusive"}},
		// Layers split otherwise, the document's part kept: I-INF-5's reading.
		{name: "side pot split otherwise", args: []string{"--game", "inference", vtd("mutations/side-pot-wrong.jsonl")}, wantCode: exitOK,
			wantOut: []string{"  round 10:\n", "    line 244: SHOULD inference/round.6.side-pots: ", "I-INF-5", "      expected [{\"seat\":4,\"amount\":19}", "0 MUST, 1 SHOULD"}},
		{name: "side pot split otherwise, strict", args: []string{"--game", "inference", "--strict", vtd("mutations/side-pot-wrong.jsonl")}, wantCode: exitFail,
			wantOut: []string{"    line 244: MUST inference/round.6.side-pots: ", "does not conform", "1 MUST"}},
		{name: "side pot won beyond what was matched", args: []string{"--game", "inference", vtd("mutations/side-pot-over-match.jsonl")}, wantCode: exitFail,
			wantOut: []string{"  round 10:\n", "    line 244: MUST inference/round.6.side-pots: ", "more than it could match", "does not conform", "1 MUST"}},
		{name: "action out of turn shows turn and seat", args: []string{"--game", "inference", vtd("mutations/action-out-of-turn.jsonl")}, wantCode: exitFail,
			wantOut: []string{"(turn ", ", seat ", "MUST inference/round.3.order"}},
		{name: "match-level findings first", args: []string{"--game", "inference", "--strict", vtd("mutations/truncated.jsonl")}, wantCode: exitFail,
			wantOut: []string{"  round 40:\n", "MUST inference/log.match-end-last"}},
		// The log format is umpire's pin: a truncated log is SHOULD unless strict.
		{name: "a pin is SHOULD", args: []string{"--game", "inference", vtd("mutations/truncated.jsonl")}, wantCode: exitOK,
			wantOut: []string{"SHOULD inference/log.match-end-last", "MUST with --strict", "0 MUST, 1 SHOULD"}},
		{name: "unfinished log accepted", args: []string{"--game", "inference", "--unfinished", vtd("mutations/truncated.jsonl")}, wantCode: exitOK,
			wantOut: []string{"conforms:", "0 MUST", "inconclusive"}, notOut: []string{" 0 inconclusive"}},
		{name: "json lines", args: []string{"--game", "inference", "--format", "json", vtd("mutations/raise-over-cap.jsonl")}, wantCode: exitFail,
			wantOut: []string{`{"rule":"inference/round.3.raise-cap","level":"MUST","where":{"file":"` + vtd("mutations/raise-over-cap.jsonl") + `","line":28,"round":1,"turn":`, `{"summary":{`}},
		{name: "stdin and several files", args: []string{"--game", "inference", "-", vtd("full.jsonl")}, stdin: string(full), wantCode: exitOK,
			wantOut: []string{"<stdin>\n", vtd("full.jsonl") + "\n", "2 file(s), 1542 line(s), 80 round(s)"}},
		{name: "empty input fails", args: []string{"--game", "inference", "-"}, stdin: "", wantCode: exitFail,
			wantOut: []string{"inference/log.match-start-first", "inference/log.match-end-last"}, wantErr: []string{"nothing to verify"}},
		{name: "blank lines verify nothing", args: []string{"--game", "inference", "-"}, stdin: "\n\n\n", wantCode: exitFail,
			wantErr: []string{"nothing to verify"}},
		{name: "log text is escaped", args: []string{"--game", "inference", "--strict", "-"}, stdin: escape, wantCode: exitFail,
			wantOut: []string{"inference/protocol.log-line", `\x1b[31mred`, `got "\u001b[31mred\u202e"`}, notOut: []string{"\x1b", "\u202e"}},
		{name: "forced deal re-derivation", args: []string{"--game", "inference", "--deal", "umpire", vtd("full.jsonl")}, wantCode: exitOK, wantOut: []string{"deal(s) re-derived"}},
		{name: "unknown deal mode", args: []string{"--game", "inference", "--deal", "x", "-"}, wantCode: exitUsage, wantErr: []string{`unknown --deal "x"`}},
		{name: "no files", args: []string{"--game", "inference"}, wantCode: exitUsage, wantErr: []string{"at least one LOG.jsonl"}},
		{name: "missing game", args: []string{"-"}, wantCode: exitUsage, wantErr: []string{"--game is required"}},
		{name: "bad format", args: []string{"--game", "inference", "--format", "xml", "-"}, wantCode: exitUsage, wantErr: []string{`unknown --format "xml"`}},
		{name: "unreadable file", args: []string{"--game", "inference", vtd("full.jsonl"), vtd("no-such.jsonl")}, wantCode: exitUsage, wantErr: []string{"cannot read"}},
		{name: "directory", args: []string{"--game", "inference", vtd("")}, wantCode: exitUsage, wantErr: []string{"is a directory"}},
		{name: "help", args: []string{"-h"}, wantCode: exitOK, wantErr: []string{"Usage: umpire verify"}},
	}
	runCases(t, []string{"verify"}, tests)
}

// TestVerifyJSONLines: every line of --format json is a JSON object; the
// findings carry rule, level and where; the last line is the summary.
func TestVerifyJSONLines(t *testing.T) {
	code, out, _ := runUmpire(t, "", "verify", "--game", "inference", "--format", "json", vtd("mutations/raise-over-max.jsonl"), vtd("mutations/bust-missing.jsonl"))
	if code != exitFail {
		t.Fatalf("exit %d, want %d", code, exitFail)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 3 {
		t.Fatalf("%d lines, want findings and a summary:\n%s", len(lines), out)
	}
	rulesSeen := map[string]bool{}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v: %s", i+1, err, l)
		}
		if i == len(lines)-1 {
			s, ok := m["summary"].(map[string]any)
			if !ok || s["files"] != 2.0 || s["must"].(float64) != float64(len(lines)-1) {
				t.Errorf("summary line %s: want 2 files and %d MUST", l, len(lines)-1)
			}
			continue
		}
		r, _ := m["rule"].(string)
		rulesSeen[r] = true
		if m["level"] != "MUST" || m["where"] == nil || m["message"] == "" {
			t.Errorf("finding line %s lacks level, where or message", l)
		}
	}
	for _, r := range []string{"inference/round.3.raise-bounds", "inference/round.2.bust"} {
		if !rulesSeen[r] {
			t.Errorf("no finding of %s in:\n%s", r, out)
		}
	}
}

// TestVerifyReports: verify writes every report format, one check per log
// with its findings and the rules it evaluated, on a failing run too.
func TestVerifyReports(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runUmpire(t, "", "verify", "--game", "inference", vtd("full.jsonl"), vtd("mutations/raise-over-cap.jsonl"), "--report-dir", dir, "--format", "json")
	if code != exitFail {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	f, err := os.Open(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Checks) != 2 || rep.Verdict() != reports.VerdictFail {
		t.Fatalf("checks %d verdict %s", len(rep.Checks), rep.Verdict())
	}
	cited := false
	for _, c := range rep.Checks {
		if len(c.Evaluated) == 0 {
			t.Errorf("%s: no rule evaluated", c.Name)
		}
		for _, fd := range c.Findings {
			cited = cited || fd.Rule == "inference/round.3.raise-cap"
		}
	}
	if !cited {
		t.Error("the report lacks the raise-cap finding")
	}
	junit, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil || !strings.Contains(string(junit), "inference/round.3.raise-cap") || !strings.Contains(string(junit), "<failure") {
		t.Errorf("junit: %v", err)
	}
	// A report on standard output takes it; the findings go to stderr
	// (CLI.md: - is standard output for every report flag).
	if code, out, _ := runUmpire(t, "", "verify", "--game", "inference", "-", "--json", "-"); code != exitFail || !strings.HasPrefix(strings.TrimSpace(out), "{") {
		t.Errorf("a report on standard output: exit %d, stdout %.80q; want 1 and the JSON report", code, out)
	}
}

// TestVerifyReportTimes: each log's check takes the time its verification
// took, so the JUnit cases do not all read 0 s.
func TestVerifyReportTimes(t *testing.T) {
	code, out, errs := runUmpire(t, "", "verify", "--game", "inference", vtd("full.jsonl"), "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rep, err := reports.ReadJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Checks) != 1 || rep.Checks[0].Duration <= 0 || rep.Checks[0].Duration > rep.Meta.Duration {
		t.Errorf("the log's check took %v of the run's %v", rep.Checks[0].Duration, rep.Meta.Duration)
	}
}
