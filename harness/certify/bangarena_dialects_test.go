package certify

import (
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestAgentDialects (issue 12): the example agent passes certification in
// each of its BangArena dialects — legitimate choices where the documents
// leave an agent free: exit 0, no MUST finding, exactly the SHOULD findings
// expected (an extra answer to an error umpire made up itself, which a real
// server refuses or ignores: I-BA-C5), and graded strictly exactly those
// are MUST.
func TestAgentDialects(t *testing.T) {
	if testing.Short() {
		t.Skip("certifies the agent once per dialect")
	}
	should := map[string][]string{
		"retry-on-error": {"bangarena/agent.only-when-asked"},
	}
	cat := rules.Default()
	for _, d := range []string{"based-on-version", "both-versions", "explicit-args", "own-command-ids", "own-discard",
		"extra-fields", "near-deadline", "stderr-chatter", "escaped-strings", "retry-on-error"} {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			cfg := small(GameBangArena, bin.agent+" -seed 3 -dialect "+d, 2)
			cfg.Deadline = 3 * time.Second
			if d == "near-deadline" {
				// The agent waits half the time left (at most 500 ms) at
				// every decision: one match keeps the test short.
				cfg.Matches = 1
			}
			r := certify(t, cfg)
			if code := r.ExitCode(); code != reports.ExitOK {
				t.Errorf("exit code: have %d, want 0 (failing %v)", code, failed(r))
			}
			var got, strict []string
			for _, c := range r.Checks {
				if c.Status == reports.Error {
					t.Errorf("%s: error %s", c.Name, c.Reason)
				}
				for _, f := range c.Findings {
					switch f.Level {
					case rules.Must:
						t.Errorf("%s: MUST %s: %s", c.Name, f.Rule, f.Message)
					case rules.Should:
						got = append(got, f.Rule)
					}
					if cat.Grade(f.Finding, true).Level == rules.Must {
						strict = append(strict, f.Rule)
					}
				}
			}
			want := uniqSorted(should[d])
			if g := uniqSorted(got); !slices.Equal(g, want) {
				t.Errorf("SHOULD findings of rules %v, want %v", g, want)
			}
			if g := uniqSorted(strict); !slices.Equal(g, want) {
				t.Errorf("strictly graded MUST findings of rules %v, want %v", g, want)
			}
			if status(r, CheckLegal) != reports.Pass {
				t.Errorf("legality check: have %s, want pass", status(r, CheckLegal))
			}
		})
	}
}

// TestPythonAgentDialects: the same for the Python example agent's
// dialects (none gives a finding).
func TestPythonAgentDialects(t *testing.T) {
	if testing.Short() {
		t.Skip("certifies the agent once per dialect")
	}
	if bin.python == "" {
		t.Skip("python3 is not installed")
	}
	py := filepath.Join("..", "..", "examples", "agents", "python", "agent.py")
	for _, d := range []string{"based-on-version", "explicit-args", "own-command-ids", "extra-fields", "ascii-escapes"} {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			cfg := small(GameBangArena, "python3 "+py+" --seed 3 --dialect "+d, 1)
			// Generous: the interpreter can take seconds to start.
			cfg.Deadline = 15 * time.Second
			r := certify(t, cfg)
			if code := r.ExitCode(); code != reports.ExitOK {
				t.Errorf("exit code: have %d, want 0 (failing %v)", code, failed(r))
			}
			for _, c := range r.Checks {
				for _, f := range c.Findings {
					t.Errorf("%s: %s %s: %s", c.Name, f.Level, f.Rule, f.Message)
				}
			}
			if status(r, CheckLegal) != reports.Pass {
				t.Errorf("legality check: have %s, want pass", status(r, CheckLegal))
			}
		})
	}
}

func uniqSorted(l []string) []string {
	out := []string{}
	for _, s := range l {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
