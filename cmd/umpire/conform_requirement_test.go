package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// A finding quotes the requirement of its own rule: the finding about the
// first illegal answer (a server that replaces it instead of asking again)
// cites the rule of the first answer, not that of the second, in the
// report model and in the HTML and JUnit requirement lines.
func TestConformFirstIllegalAnswerCitesItsRule(t *testing.T) {
	t.Setenv("UMPIRE_UNSAFE_FAULTS", "skip-reask")
	dir := t.TempDir()
	code, out, errs := runConform(t, "--embedded", "--unsafe-faults", "--game", "bangarena", "--check", "first illegal answer", "--report-dir", dir)
	if code != exitFail {
		t.Fatalf("have exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	rep := readReportDir(t, dir)
	n := 0
	for _, c := range rep.Checks {
		for _, f := range c.Findings {
			if !strings.Contains(f.Message, "first illegal answer") {
				continue
			}
			n++
			ru, ok := rep.Rule(f.Rule)
			if !ok {
				t.Fatalf("finding names %s, not in the report's rules", f.Rule)
			}
			if !strings.Contains(strings.ToLower(ru.Text), "first illegal answer") {
				t.Errorf("a finding about the first illegal answer (%q) names %s, whose requirement is %q", f.Message, f.Rule, ru.Text)
			}
		}
	}
	if n == 0 {
		t.Fatalf("no finding about the first illegal answer:\n%s", out)
	}
	html, err := os.ReadFile(filepath.Join(dir, reports.FileHTML))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(html), "A second illegal answer is replaced") && !strings.Contains(string(html), "The first illegal answer to a decision") {
		t.Errorf("the HTML report quotes the second answer's requirement only")
	}
}
