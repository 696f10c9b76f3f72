package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestKnownFailingExample: the list shipped in examples/ reads.
func TestKnownFailingExample(t *testing.T) {
	list, err := readKnownFile(filepath.Join("..", "..", "examples", "known-failing.txt"), "--known-failing")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("have %d entries, want 2", len(list))
	}
}

// TestKnownFailingFlag: a bad list is a usage error before anything runs.
func TestKnownFailingFlag(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("inference/no.such-rule reason\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"conform", "--game", "inference", "--embedded", "--known-failing", bad},
		{"certify", "--game", "inference", "--agent", "true", "--known-failing", bad},
		{"conform", "--game", "inference", "--embedded", "--known-flaky", filepath.Join(t.TempDir(), "missing.txt")},
	} {
		code, _, errOut := runUmpire(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, errOut)
		}
	}
}

// TestCertifySummaryWithoutMeasures: a run that measured nothing prints
// dashes, not "0.00 [1.00, 0.00]" or "0.0ms", and a check of the whole run
// (no seed) gives no replay hint with an empty --match.
func TestCertifySummaryWithoutMeasures(t *testing.T) {
	rep := reports.New(reports.Meta{Kind: reports.KindCertify, Games: []string{"inference"}}, rules.Default())
	rep.Matches = []reports.Match{{Seed: "s/0", Agent: "a", Adversary: "random", Seats: 6, Termination: reports.TermHarness}}
	rep.Checks = []reports.Check{{Name: "run budget", Status: reports.Error, Reason: "the run budget ran out"}}
	var out strings.Builder
	writeCertifySummary(&out, rep, &certFlags{game: "inference", seed: "s", agentCmd: "./bot"})
	got := out.String()
	for _, bad := range []string{"[1.00, 0.00]", "0.0ms", "--match  "} {
		if strings.Contains(got, bad) {
			t.Errorf("summary holds %q:\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "—") {
		t.Errorf("summary has no dash for what was not measured:\n%s", got)
	}
	if strings.Contains(got, "umpire replay") {
		t.Errorf("replay hint for a check without a match:\n%s", got)
	}
}

// TestCertifyAgentCannotStart: an agent whose program does not exist is an
// error (exit 3) with one line naming the cause, before any match.
func TestCertifyAgentCannotStart(t *testing.T) {
	for _, cmd := range []string{"does-not-exist-umpire", "/nonexistent/bot --flag"} {
		start := time.Now()
		code, _, errOut := runUmpire(t, "", "certify", "--game", "inference", "--agent", cmd, "--matches", "1", "--report-dir", t.TempDir())
		if code != exitError || !strings.Contains(errOut, "umpire certify: the agent's program") || time.Since(start) > 5*time.Second {
			t.Errorf("%q: exit %d after %v, want %d at once with the cause\n%s", cmd, code, time.Since(start), exitError, errOut)
		}
	}
}

// TestReplayHintSkipsHarnessMatches: the replay hint names a match that
// failed for the agent's doing, never one umpire could not finish (an
// interrupted match, a harness error), which would replay nothing of the
// agent's; with only such matches failing there is no hint.
func TestReplayHintSkipsHarnessMatches(t *testing.T) {
	rep := reports.New(reports.Meta{Kind: reports.KindCertify, Games: []string{"inference"}}, rules.Default())
	rep.Matches = []reports.Match{
		{Seed: "s/0", Agent: "a", Adversary: "random", Seats: 6, Termination: reports.TermHarness},
		{Seed: "s/1", Agent: "a", Adversary: "random", Seats: 6, Rank: 4, Termination: reports.TermCrash},
	}
	rep.Checks = []reports.Check{
		{Name: "harness", Seed: "s/0", Status: reports.Error, Reason: "interrupted"},
		{Name: "agent-no-crash", Seed: "s/1", Rules: []string{"inference/agent.no-crash"}, Status: reports.Fail,
			Findings: []reports.Finding{{Finding: rules.Finding{Rule: "inference/agent.no-crash", Level: rules.Must, Message: "crashed"}}}},
	}
	var out strings.Builder
	writeCertifySummary(&out, rep, &certFlags{game: "inference", seed: "s", agentCmd: "./bot"})
	if got := out.String(); !strings.Contains(got, "--match 1 ") || strings.Contains(got, "--match 0") {
		t.Errorf("replay hint should name match 1 (the crash), not match 0 (umpire's own failure):\n%s", got)
	}
	rep.Checks = rep.Checks[:1]
	out.Reset()
	writeCertifySummary(&out, rep, &certFlags{game: "inference", seed: "s", agentCmd: "./bot"})
	if strings.Contains(out.String(), "umpire replay") {
		t.Errorf("a replay hint for a match umpire could not finish:\n%s", out.String())
	}
}
