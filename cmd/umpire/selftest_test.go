package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/selftest"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// runSelftest runs "umpire selftest args..." through run, or through
// selftestMain with hook when hook is not nil.
func runSelftest(t *testing.T, tty bool, hook func(*selftest.Options), args ...string) (int, string, string) {
	t.Helper()
	return runEnv(t, "", tty, func(e *env) int {
		if hook == nil {
			return run(context.Background(), e, append([]string{"selftest"}, args...))
		}
		return selftestMain(context.Background(), e, args, hook)
	})
}

// readReport reads and validates a report.json.
func readReport(t *testing.T, path string) *reports.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rep
}

// TestSelftest runs the whole demo for one game at a time, one match per
// agent: exit 0, every step's reports written and readable, the overall
// pages present, and the summary naming every step.
func TestSelftest(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real matches with the example agents")
	}
	tests := []struct {
		game  string
		kinds map[string]reports.Kind
	}{
		{harness.GameInference, map[string]reports.Kind{"conform-inference": reports.KindConform, "certify-inference-go": reports.KindCertify,
			"certify-inference-python": reports.KindCertify, "verify-inference": reports.KindVerify}},
		{harness.GameBangArena, map[string]reports.Kind{"conform-bangarena": reports.KindConform, "certify-bangarena-go": reports.KindCertify,
			"certify-bangarena-python": reports.KindCertify, "verify-bangarena": reports.KindVerify}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			dir := t.TempDir()
			code, out, errs := runSelftest(t, false, nil, "--game", tc.game, "--matches", "1", "--report-dir", dir)
			if code != exitOK {
				t.Fatalf("have exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			for step, kind := range tc.kinds {
				if !strings.Contains(out, step) {
					t.Errorf("the summary does not name step %s:\n%s", step, out)
				}
				sub := filepath.Join(dir, step)
				if _, err := os.Stat(sub); os.IsNotExist(err) && strings.Contains(step, "python") {
					// A machine without python3 skips the Python agent.
					if !strings.Contains(out, "python3 is not on PATH") {
						t.Errorf("%s wrote no report and gave no reason", step)
					}
					continue
				}
				for _, name := range []string{reports.FileJSON, reports.FileJUnit, reports.FileHTML, reports.FileMarkdown} {
					if st, err := os.Stat(filepath.Join(sub, name)); err != nil || st.Size() == 0 {
						t.Errorf("%s/%s: %v", step, name, err)
					}
				}
				rep := readReport(t, filepath.Join(sub, reports.FileJSON))
				if rep.Meta.Kind != kind || rep.ExitCode() != exitOK || len(rep.Checks) == 0 {
					t.Errorf("%s: have kind %s, exit %d, %d checks; want %s, 0, some", step, rep.Meta.Kind, rep.ExitCode(), len(rep.Checks), kind)
				}
				if kind == reports.KindCertify && len(rep.Matches) != 1 {
					t.Errorf("%s: have %d matches, want 1", step, len(rep.Matches))
				}
			}
			for _, name := range []string{selftest.FileIndex, selftest.FileSummary, selftest.FileSummaryJSON} {
				if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
					t.Errorf("%s: %v", name, err)
				}
			}
			index, err := os.ReadFile(filepath.Join(dir, selftest.FileIndex))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(index), `href="conform-`+tc.game+`/report.html"`) {
				t.Error("index.html does not link the conformance report")
			}
			if !strings.Contains(out, "PASS: everything checked conforms") {
				t.Errorf("no overall verdict line:\n%s", out)
			}
			if strings.Contains(out, "\x1b") || strings.Contains(out, "\r") {
				t.Error("escape codes in output that is not a terminal")
			}
		})
	}
}

// failingStep is a step whose report holds one MUST finding.
func failingStep() selftest.Step {
	return selftest.Step{Name: "injected-failure", Game: harness.GameInference, Title: "a step that finds a violation",
		Run: func(context.Context, selftest.Env) (*reports.Report, error) {
			rep := reports.New(reports.Meta{Kind: reports.KindConform, Games: []string{harness.GameInference}}, rules.Default())
			rep.Checks = append(rep.Checks, reports.Check{Name: "raise cap holds", Status: reports.Fail,
				Rules: []string{"inference/round.3.raise-cap"},
				Findings: []reports.Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must,
					Message: "a fourth raise was accepted"}}}})
			return rep, nil
		}}
}

// onlyVerify keeps the fast log steps of the plan.
func onlyVerify(s selftest.Step) bool { return strings.HasPrefix(s.Name, "verify-") }

// TestSelftestFailingStep: a step with a MUST finding makes the run exit
// 1, and the output names the step and the rule.
func TestSelftestFailingStep(t *testing.T) {
	dir := t.TempDir()
	hook := func(o *selftest.Options) { o.Only, o.Extra = onlyVerify, []selftest.Step{failingStep()} }
	code, out, errs := runSelftest(t, false, hook, "--game", harness.GameInference, "--matches", "1", "--report-dir", dir)
	if code != exitFail {
		t.Fatalf("have exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for _, want := range []string{"injected-failure", "FAIL", "inference/round.3.raise-cap", "verify-inference", "PASS"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output does not mention %q:\n%s", want, out)
		}
	}
	rep := readReport(t, filepath.Join(dir, "injected-failure", reports.FileJSON))
	if rep.ExitCode() != exitFail {
		t.Errorf("the step's own report: have exit %d, want 1", rep.ExitCode())
	}
	md, err := os.ReadFile(filepath.Join(dir, selftest.FileSummary))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "injected-failure | FAIL") {
		t.Errorf("summary.md does not show the failing step:\n%s", md)
	}
}

// TestSelftestJSON: --format json prints the summary alone on stdout;
// progress goes to stderr as plain lines.
func TestSelftestJSON(t *testing.T) {
	dir := t.TempDir()
	hook := func(o *selftest.Options) { o.Only = onlyVerify }
	code, out, errs := runSelftest(t, true, hook, "--matches", "1", "--report-dir", dir, "--format", "json")
	if code != exitOK {
		t.Fatalf("have exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	var sum selftest.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("stdout is not one JSON summary: %v\n%s", err, out)
	}
	if sum.Schema != selftest.SummarySchema || sum.Verdict != reports.VerdictPass || len(sum.Steps) != 2 {
		t.Errorf("have schema %q verdict %s with %d steps, want %q pass with 2", sum.Schema, sum.Verdict, len(sum.Steps), selftest.SummarySchema)
	}
	if !strings.Contains(errs, "verify-bangarena: PASS") || strings.Contains(errs, "\x1b") {
		t.Errorf("stderr should carry plain progress lines:\n%q", errs)
	}
}

// TestSelftestProgress: a bar redrawn in place on a terminal, plain lines
// elsewhere.
func TestSelftestProgress(t *testing.T) {
	tests := []struct {
		name     string
		tty      bool
		want     []string
		wantNone []string
	}{
		{"terminal", true, []string{"\r\x1b[K", "█", "[1/1] verify-inference: PASS"}, nil},
		{"pipe", false, []string{"[1/1] verify-inference: Inference", "[1/1] verify-inference: PASS"}, []string{"\r", "\x1b", "█"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hook := func(o *selftest.Options) { o.Only = onlyVerify }
			code, out, errs := runSelftest(t, tc.tty, hook, "--game", harness.GameInference, "--matches", "2", "--report-dir", t.TempDir())
			if code != exitOK {
				t.Fatalf("have exit %d, want 0\n%s\n%s", code, out, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%q", w, out)
				}
			}
			for _, w := range tc.wantNone {
				if strings.Contains(out, w) {
					t.Errorf("output has %q:\n%q", w, out)
				}
			}
		})
	}
}

func TestSelftestUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"unknown game", []string{"--game", "chess"}, exitUsage},
		{"no matches", []string{"--matches", "0"}, exitUsage},
		{"bad format", []string{"--format", "xml"}, exitUsage},
		{"empty report dir", []string{"--report-dir", ""}, exitUsage},
		{"stray argument", []string{"now"}, exitUsage},
		{"unknown flag", []string{"--fast"}, exitUsage},
		{"help", []string{"-h"}, exitOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runSelftest(t, false, nil, tc.args...)
			if code != tc.want {
				t.Errorf("have exit %d, want %d\n%s\n%s", code, tc.want, out, errs)
			}
		})
	}
}
