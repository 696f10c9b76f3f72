package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// legal --check's differences are findings of the rules they break, in
// every report format, on every exit code.
func TestLegalReports(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		stdin     string
		wantCode  int
		wantRules []string
		wantError string
	}{
		{name: "equal lists pass", args: []string{"--game", "inference", "--check", legalTD("your_turn.json")}, wantCode: exitOK},
		{name: "differences are findings", args: []string{"--game", "inference", "--check", legalTD("your_turn_broken.json")}, wantCode: exitFail,
			wantRules: []string{"inference/illegal.listed-only", "inference/wire.legal-actions.call", "inference/wire.legal-actions.raise"}},
		{name: "a missing raise", args: []string{"--game", "inference", "--check", legalTD("your_turn_missing_raise.json")}, wantCode: exitFail,
			wantRules: []string{"inference/wire.legal-actions.raise"}},
		{name: "nothing derivable", args: []string{"--game", "inference", "-"}, stdin: `{"your_seat":1,"your_credits":0,"to_call":0,"raises_used":0,"turn":{"turn":0,"seat":1}}`,
			wantCode: exitFail, wantRules: []string{"inference/round.3.all-in"}},
		{name: "bangarena differences", args: []string{"--game", "bangarena", "--check", legalTD("bangarena_request_broken.json")}, wantCode: exitFail},
		{name: "not JSON is an errored case", args: []string{"--game", "inference", "-"}, stdin: "hello", wantCode: exitUsage, wantError: "not one JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			code, _, errOut := runUmpire(t, tc.stdin, append(append([]string{"legal"}, tc.args...), "--report-dir", dir)...)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.wantCode, errOut)
			}
			rep := readReportDir(t, dir)
			if rep.Meta.Kind != reports.KindLegal || len(rep.Checks) != 1 {
				t.Fatalf("kind %q, %d checks", rep.Meta.Kind, len(rep.Checks))
			}
			c := rep.Checks[0]
			if tc.wantError != "" {
				if c.Status != reports.Error || !strings.Contains(c.Reason, tc.wantError) {
					t.Errorf("check %s %q, want an error saying %q", c.Status, c.Reason, tc.wantError)
				}
				junit, _ := os.ReadFile(filepath.Join(dir, reports.FileJUnit))
				if !strings.Contains(string(junit), "<error") {
					t.Errorf("JUnit has no errored case:\n%s", junit)
				}
				return
			}
			if tc.wantCode != exitUsage && rep.ExitCode() != tc.wantCode {
				t.Errorf("report exit code %d, want %d", rep.ExitCode(), tc.wantCode)
			}
			got := map[string]bool{}
			for _, f := range c.Findings {
				if _, ok := rules.Default().Lookup(f.Rule); !ok {
					t.Errorf("finding names rule %q, not in the catalogue", f.Rule)
				}
				got[f.Rule] = true
			}
			for _, r := range tc.wantRules {
				if !got[r] {
					t.Errorf("no finding of %s; got %v", r, got)
				}
			}
			for _, f := range c.Findings {
				if f.Rule == "inference/wire.legal-actions.call" && (fmt.Sprint(f.Expected) != "4" || fmt.Sprint(f.Got) != "2") {
					t.Errorf("call difference: expected %v, got %v; want 4 and 2", f.Expected, f.Got)
				}
			}
			if tc.wantCode == exitFail && len(c.Findings) == 0 {
				t.Errorf("exit 1 but no finding in the report")
			}
		})
	}
}

// A report to standard output takes stdout; the diff goes to stderr.
func TestLegalReportToStdout(t *testing.T) {
	code, out, errOut := runUmpire(t, "", "legal", "--game", "inference", "--check", legalTD("your_turn_broken.json"), "--md", "-")
	if code != exitFail {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "inference/wire.legal-actions.call") || strings.Contains(out, "derived:") {
		t.Errorf("stdout is not the Markdown report alone:\n%s", out)
	}
	if !strings.Contains(errOut, "different: call") {
		t.Errorf("the diff is not on stderr:\n%s", errOut)
	}
}
