package certify

import (
	"slices"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// levels lists the levels of a check's findings in a report.
func levels(r *reports.Report, check string) []rules.Level {
	var out []rules.Level
	for _, c := range r.Checks {
		if c.Name == check {
			for _, f := range c.Findings {
				out = append(out, f.Level)
			}
		}
	}
	return out
}

// TestAgentRuleBases: each agent finding is graded by the basis of the
// clause it breaks. Unstrict, a document clause fails the run and a pin's
// is SHOULD; strict, both fail it.
//   - A table message over 280 however characters are counted breaks the
//     document's limit (Round 4); over 280 code points only (letters with
//     combining accents), WIRE.md's count.
//   - A second decision for a BangArena request breaks §1 (one item of the
//     current request); the same decision sent again with its commandId is
//     §12's idempotent resend (reading I-BA-C5); an unasked object that is
//     no decision at all is the hygiene pin's.
func TestAgentRuleBases(t *testing.T) {
	tests := []struct {
		name, game, mode string
		check            string // the check that must fail
		level            rules.Level
		clean            []string // checks that must not fail
	}{
		{"message over the limit however counted", GameInference, "longmsg", CheckMessageLen, rules.Must, []string{CheckMessageCP}},
		{"message over the limit in code points only", GameInference, "combining", CheckMessageCP, rules.Should, []string{CheckMessageLen}},
		{"a second decision for one request", GameBangArena, "chatty", CheckOnlyAsked, rules.Must, nil},
		{"an unasked object that is no decision", GameBangArena, "chattylog", CheckHygiene, rules.Should, []string{CheckOnlyAsked}},
		{"a decision sent again with its commandId", GameBangArena, "resend", CheckOnlyAsked, rules.Should, []string{CheckCommandIDs}},
	}
	for _, tc := range tests {
		for _, strict := range []bool{false, true} {
			name := tc.name
			if strict {
				name += " (strict)"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				cfg := small(tc.game, fakeCommand(tc.mode), 1)
				cfg.Deadline, cfg.Strict = 3*time.Second, strict
				r := certify(t, cfg)
				want := tc.level
				if strict {
					want = rules.Must
				}
				got := levels(r, tc.check)
				if !slices.Contains(got, want) || slices.Contains(got, rules.Must) != (want == rules.Must) {
					t.Errorf("%s: finding levels %v, want %s (failing %v)", tc.check, got, want, failed(r))
				}
				for _, c := range tc.clean {
					if f := failed(r)[c]; len(f) > 0 {
						t.Errorf("%s fails too: %v", c, f)
					}
				}
				wantExit := reports.ExitOK
				if want == rules.Must {
					wantExit = reports.ExitFail
				}
				if code := r.ExitCode(); code != wantExit {
					t.Errorf("exit code %d, want %d (failing %v)", code, wantExit, failed(r))
				}
			})
		}
	}
}
