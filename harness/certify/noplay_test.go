package certify

import (
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// mustFindings lists the rules of a report's MUST findings, by check name.
func mustFindings(r *reports.Report) map[string][]string {
	out := map[string][]string{}
	for _, c := range r.Checks {
		for _, f := range c.Findings {
			if f.Level == rules.Must {
				out[c.Name] = append(out[c.Name], f.Rule)
			}
		}
	}
	return out
}

// TestNoPassWithoutPlay: an agent that never answers the requests it is
// sent legally in time fails the run at MUST with the default (unstrict)
// grading, whatever else it writes: only non-JSON lines (yes), nothing at
// all (reads and stays silent), a flood of objects, a flood of lines, a
// crash at the first request. Its unanswered request is the documents'
// deadline (or its answers their legality), not only a pin's hygiene.
func TestNoPassWithoutPlay(t *testing.T) {
	tests := []struct {
		name, command string
		// legalOK: a MUST finding on legality also shows the agent never
		// answered legally (it answers, with garbage).
		legalOK bool
	}{
		{"non-JSON lines (yes)", "yes", false},
		{"reads and never answers", "cat >/dev/null", false},
		{"object flood", `yes '{"type":"move"}'`, true},
		{"line flood", bin.broken + " -mode flood", false},
		{"crash at the first request", bin.broken + " -mode crash", false},
		{"exits at the first request", bin.broken + " -mode silent-exit", false},
	}
	for _, tc := range tests {
		for _, game := range []string{GameInference, GameBangArena} {
			t.Run(game+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				cfg := small(game, tc.command, 1)
				cfg.Rounds, cfg.MaxTimeouts = 1, 1
				r := certify(t, cfg)
				if code := r.ExitCode(); code != reports.ExitFail {
					t.Errorf("exit code %d (verdict %s), want %d; failing %v", code, r.Verdict(), reports.ExitFail, failed(r))
				}
				must := mustFindings(r)
				deadline := CheckRules(game)[CheckDeadline]
				ok := len(must[CheckDeadline]) > 0 && must[CheckDeadline][0] == deadline
				if tc.legalOK {
					ok = ok || len(must[CheckLegal]) > 0
				}
				if !ok {
					t.Errorf("no MUST finding on %s: MUST findings %v, failing %v", deadline, must, failed(r))
				}
			})
		}
	}
}

// TestRejectedAnswerIsNotAHarnessMiss: an agent that answers illegally in
// time and never answers again after the error (or reask) for it lets its
// turn time out: that is its own missed deadline, not an answer umpire
// received in time that the server judged late.
func TestRejectedAnswerIsNotAHarnessMiss(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			cfg := small(game, bin.broken+" -mode illegal", 1)
			cfg.Deadline = time.Second
			r := certify(t, cfg)
			for _, w := range r.Warnings {
				if strings.Contains(w, "harness-caused") {
					t.Errorf("warning blames umpire: %s", w)
				}
			}
			if must := mustFindings(r); len(must[CheckDeadline]) == 0 {
				t.Errorf("the turns that timed out after the illegal answer are no missed deadline: MUST findings %v", must)
			}
		})
	}
}

// TestUnjudged: a run none of whose matches judged a request of the agent
// under test cannot pass; it is an error of the run (exit 3), since a
// request sent is always judged (answered, missed, or a harness error).
func TestUnjudged(t *testing.T) {
	match := func(side string, deadline reports.Status) *MatchResult {
		return &MatchResult{Side: side, Checks: []reports.Check{
			{Name: CheckLegal, Status: reports.Skip}, {Name: CheckDeadline, Status: deadline}, {Name: CheckHygiene, Status: reports.Pass}}}
	}
	tests := []struct {
		name    string
		results []*MatchResult
		want    bool
	}{
		{"no matches", nil, false},
		{"one request judged and passed", []*MatchResult{match("", reports.Skip), match("", reports.Pass)}, false},
		{"one request judged and failed", []*MatchResult{match("", reports.Fail)}, false},
		{"none judged", []*MatchResult{match("", reports.Skip), match("", reports.Skip)}, true},
		{"only the baseline judged", []*MatchResult{match(reports.SideNew, reports.Skip), match(reports.SideBaseline, reports.Pass)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := unjudged(GameInference, tc.results)
			if (c != nil) != tc.want {
				t.Fatalf("have %+v, want a check: %v", c, tc.want)
			}
			if c == nil {
				return
			}
			rep := reports.New(reports.Meta{Kind: reports.KindCertify}, nil)
			rep.Matches = []reports.Match{{Seed: "s"}}
			rep.Checks = append(rep.Checks, reports.Check{Name: CheckHygiene, Status: reports.Pass}, *c)
			if code := rep.ExitCode(); code != reports.ExitError {
				t.Errorf("exit code %d, want %d", code, reports.ExitError)
			}
		})
	}
}
