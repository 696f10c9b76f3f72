package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/selftest"
	"github.com/umpire-arena/umpire/reports"
)

// selftest takes the report flags: one report joining every step's
// checks, with the run's exit code, in each format asked for, and a
// junit.xml of the whole run at the top of its report directory.
func TestSelftestReports(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(t.TempDir(), "summary.md")
	hook := func(o *selftest.Options) { o.Only, o.Extra = onlyVerify, []selftest.Step{failingStep()} }
	code, out, errs := runSelftest(t, false, hook, "--game", harness.GameInference, "--matches", "1", "--report-dir", dir, "--md", md, "--junit", "-")
	if code != exitFail {
		t.Fatalf("have exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if !strings.HasPrefix(strings.TrimSpace(out), "<?xml") || !strings.Contains(out, "injected-failure: raise cap holds") {
		t.Errorf("stdout is not the joined JUnit:\n%s", out)
	}
	if !strings.Contains(errs, "injected-failure") {
		t.Errorf("the console summary is not on stderr:\n%s", errs)
	}
	rep := readReport(t, filepath.Join(dir, reports.FileJSON))
	if rep.Meta.Kind != reports.KindSelftest || rep.ExitCode() != code {
		t.Errorf("joined report: kind %q exit %d, want selftest with the run's exit %d", rep.Meta.Kind, rep.ExitCode(), code)
	}
	steps := map[string]bool{}
	for _, c := range rep.Checks {
		steps[c.Section] = true
	}
	if !steps["injected-failure"] || !steps["verify-inference"] {
		t.Errorf("joined report lacks a step's checks: sections %v", steps)
	}
	if b, err := os.ReadFile(md); err != nil || !strings.Contains(string(b), "inference/round.3.raise-cap") {
		t.Errorf("--md: %v\n%s", err, b)
	}
	if _, err := os.Stat(filepath.Join(dir, reports.FileJUnit)); err != nil {
		t.Errorf("no junit.xml at the top of the report directory: %v", err)
	}
}

// A selftest that cannot run writes one errored case saying why.
func TestSelftestReportOnError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	junit := filepath.Join(t.TempDir(), "junit.xml")
	code, _, errs := runSelftest(t, false, nil, "--game", harness.GameInference, "--report-dir", filepath.Join(file, "sub"), "--junit", junit)
	if code != exitError {
		t.Fatalf("have exit %d, want 3; stderr %s", code, errs)
	}
	b, err := os.ReadFile(junit)
	if err != nil || !strings.Contains(string(b), "<error") || !strings.Contains(string(b), "report directory") {
		t.Errorf("junit of a run that could not start: %v\n%s", err, b)
	}
}
