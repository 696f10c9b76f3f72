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

// certify takes the four report flags (- for standard output), and an
// agent that cannot start (exit 3) still writes a JUnit with one errored
// case saying why.
func TestCertifyReportFlags(t *testing.T) {
	t.Run("agent that cannot start", func(t *testing.T) {
		dir := t.TempDir()
		junit := filepath.Join(t.TempDir(), "junit.xml")
		code, _, errs := runCert(t, false, "certify", "--game", "inference", "--agent", "/nonexistent/bot", "--report-dir", dir, "--junit", junit)
		if code != exitError {
			t.Fatalf("exit %d, want 3; stderr %s", code, errs)
		}
		for _, f := range []string{junit, filepath.Join(dir, reports.FileJUnit)} {
			b, err := os.ReadFile(f)
			if err != nil || !strings.Contains(string(b), "<error") || !strings.Contains(string(b), "nonexistent") {
				t.Errorf("%s: %v\n%s", f, err, b)
			}
		}
	})
	t.Run("markdown on stdout", func(t *testing.T) {
		agent, _ := buildAgents(t)
		code, out, errs := runCert(t, false, "certify", "--game", "inference", "--agent", agent, "--matches", "1", "--rounds", "2",
			"--report-dir", t.TempDir(), "--md", "-")
		if code != exitOK {
			t.Fatalf("exit %d; stderr %s", code, errs)
		}
		if !strings.HasPrefix(out, "## umpire certify") {
			t.Errorf("stdout is not the Markdown report:\n%.300s", out)
		}
		if !strings.Contains(errs, "umpire certify --game inference: PASS") {
			t.Errorf("the console summary is not on stderr:\n%.300s", errs)
		}
	})
}

// TestCertifySummaryHeadline: the console headline of an A/B run whose
// checks pass and whose test accepts "worse" (a real run, see
// reports/testdata/ab-worse.json) reads REGRESSION with its exit code,
// never PASS.
func TestCertifySummaryHeadline(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "reports", "testdata", "ab-worse.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeCertifySummary(&b, rep, &certFlags{game: "inference"})
	first, rest, _ := strings.Cut(b.String(), "\n")
	if !strings.HasPrefix(first, "umpire certify --game inference: REGRESSION (exit 1) — 106 matches") || strings.Contains(first, "PASS") {
		t.Errorf("headline %q", first)
	}
	if !strings.HasPrefix(rest, "  SPRT: H0 accepted after 53 pairs: the new agent is worse") {
		t.Errorf("the line under the headline does not give the SPRT's decision:\n%s", rest)
	}
}

// TestPlacesText: a group of failed checks names its matches and, apart,
// the whole run; never an empty seed.
func TestPlacesText(t *testing.T) {
	for _, tc := range []struct {
		seeds []string
		want  string
	}{
		{[]string{"u/1"}, "in 1 match (u/1)"},
		{[]string{"", "u/25", "u/26"}, "in 2 matches (u/25, u/26) and in the whole run"},
		{[]string{""}, "in the whole run"},
		{[]string{"a", "b", "c", "d", "e"}, "in 5 matches (a, b, c and 2 more)"},
	} {
		if got := placesText(tc.seeds); got != tc.want {
			t.Errorf("placesText(%q) = %q, want %q", tc.seeds, got, tc.want)
		}
	}
}

// TestPrintCheckGroups: conform's console prints alike findings once,
// with their count and first places.
func TestPrintCheckGroups(t *testing.T) {
	var fs []reports.Finding
	for i := range 12 {
		seat := i % 3
		fs = append(fs, reports.Finding{Finding: rules.Finding{Rule: "inference/visibility.no-peek", Level: rules.Must,
			Where: rules.Where{Round: 1 + i/3, Seat: &seat}, Message: fmt.Sprintf("seat %d sees seat %d's value", seat, (seat+1)%3)}})
	}
	var b strings.Builder
	printCheck(&b, reports.Check{Name: "hidden values stay hidden", Status: reports.Fail, Findings: fs})
	out := b.String()
	if n := strings.Count(out, "inference/visibility.no-peek:"); n != 1 || !strings.Contains(out, "×12 MUST inference/visibility.no-peek: seat 0 sees seat 1's value") ||
		!strings.Contains(out, "at: round 1 seat 0; round 1 seat 1; round 1 seat 2 and 9 more places") {
		t.Errorf("the console lists the alike findings %d times:\n%s", n, out)
	}
}

// TestCertifySummaryInterrupted: after Ctrl-C the console lists the
// agent's failing checks alone, and says apart, in plain words, that the
// run was interrupted and which matches it left unfinished (before: an
// "ERROR (harness)" line among the failing checks, quoting "context
// canceled").
func TestCertifySummaryInterrupted(t *testing.T) {
	seat := 0
	rep := &reports.Report{}
	rep.Checks = append(rep.Checks, reports.Check{Name: "harness", Status: reports.Error, Reason: "the run was interrupted after 2 of 8 matches"})
	for _, seed := range []string{"umpire/0", "umpire/1"} {
		rep.Matches = append(rep.Matches, reports.Match{Seed: seed, Termination: reports.TermHarness})
		rep.Checks = append(rep.Checks,
			reports.Check{Name: "agent-answers-in-time", Seed: seed, Status: reports.Fail, Findings: []reports.Finding{{Finding: rules.Finding{Rule: "inference/agent.answer-in-time", Level: rules.Must, Where: rules.Where{Seat: &seat}, Message: "no answer before the deadline"}}}},
			reports.Check{Name: "harness", Seed: seed, Status: reports.Error, Reason: "the match was cut short: the run was cancelled"})
	}
	var b strings.Builder
	writeCertifySummary(&b, rep, &certFlags{game: "inference"})
	out := b.String()
	_, after, _ := strings.Cut(out, "failing checks:")
	list, _, _ := strings.Cut(after, "\n\n")
	if strings.Contains(list, "harness") || strings.Contains(out, "context canceled") {
		t.Errorf("the failing checks list umpire's own errors:\n%s", out)
	}
	if !strings.Contains(out, "\nnot judged: the run was interrupted after 2 of 8 matches; unfinished: 2 matches (umpire/0, umpire/1)\n") {
		t.Errorf("no plain line on what was not judged:\n%s", out)
	}
	if strings.Contains(out, "umpire replay") {
		t.Errorf("the replay hint names an unfinished match:\n%s", out)
	}
}

// TestCertifyAgentSwapsTheReportDirs: an agent that swaps the report
// directory and the bundle directory for links to another directory (here
// as it starts) sends no report there: both were opened before the agent
// ran and are written through what was opened; the run says the paths
// were replaced (exit 3) instead of pointing at the link's target.
func TestCertifyAgentSwapsTheReportDirs(t *testing.T) {
	agent, _ := buildAgents(t)
	base := t.TempDir()
	rep, bundle, elsewhere := filepath.Join(base, "rep"), filepath.Join(base, "bundle"), filepath.Join(base, "elsewhere")
	// The report directory exists before the run (umpire used to open
	// it by path at the end, and followed the link into elsewhere).
	for _, d := range []string{elsewhere, rep} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	swap := func(d string) string {
		return fmt.Sprintf("if [ -d %[1]s ] && [ ! -L %[1]s ]; then mv %[1]s %[1]s.moved && ln -s %[2]s %[1]s; fi; ", d, elsewhere)
	}
	cmd := "sh -c '" + swap(rep) + swap(bundle) + "exec " + agent + "'"
	code, out, errs := runCert(t, false, "certify", "--game", "inference", "--agent", cmd, "--matches", "1", "--rounds", "2",
		"--report-dir", rep, "--bundle", bundle)
	if code != exitError || !strings.Contains(errs, "the report directory "+rep+" was moved or replaced during the run") {
		t.Errorf("exit %d, want 3 saying the directory was replaced; stderr:\n%s\nstdout:\n%.500s", code, errs, out)
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("the link's target got %d files", len(ents))
	}
	if _, err := os.Stat(filepath.Join(rep+".moved", reports.FileJSON)); err != nil {
		t.Errorf("the reports are not in the directory opened: %v", err)
	}
}
