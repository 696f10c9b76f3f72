package certify

import (
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// agentDialects are the Go example agent's Inference dialects
// (-inf-dialect) and the rules certification cites at SHOULD for each:
// legitimate choices, so never a MUST finding.
func agentDialects() []struct {
	dialect string
	should  []string
} {
	return []struct {
		dialect string
		should  []string
	}{
		{"amount-float", nil},
		{"call-amount", nil},
		{"crlf", nil},
		{"extra-fields", nil},
		{"fold-amount", nil},
		{"linger", nil},
		{"message-null", nil},
		{"no-match-id", []string{"inference/agent.turn-echo"}},
		{"slow", nil},
		{"stderr", nil},
		{"table-talk", nil},
	}
}

// citedAt returns the sorted rules a report's findings cite at level.
func citedAt(r *reports.Report, level rules.Level) []string {
	var out []string
	for _, c := range r.Checks {
		for _, f := range c.Findings {
			if f.Level == level && !slices.Contains(out, f.Rule) {
				out = append(out, f.Rule)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestAgentDialectsCertify: the example agent speaking each dialect is
// certified (exit 0, every match ok) with exactly the SHOULD findings of
// the pins it departs from; judged strictly, exactly those are MUST.
func TestAgentDialectsCertify(t *testing.T) {
	for _, dc := range agentDialects() {
		t.Run(dc.dialect, func(t *testing.T) {
			t.Parallel()
			cfg := small(GameInference, bin.agent+" -seed 5 -inf-dialect "+dc.dialect, 2)
			cfg.Deadline = 3 * time.Second
			r := certify(t, cfg)
			for _, m := range r.Matches {
				if m.Termination != reports.TermOK {
					t.Errorf("match %s: termination %s, want ok", m.Seed, m.Termination)
				}
			}
			want := append([]string(nil), dc.should...)
			sort.Strings(want)
			judge := func(r *reports.Report, strict bool) {
				t.Helper()
				have, other := citedAt(r, rules.Should), citedAt(r, rules.Must)
				wantCode := reports.ExitOK
				if strict {
					have, other = other, have
					if len(want) > 0 {
						wantCode = reports.ExitFail
					}
				}
				if !slices.Equal(have, want) || len(other) > 0 {
					t.Errorf("strict %v: have findings on %v (and %v at the other level), want %v", strict, have, other, want)
					for _, c := range r.Checks {
						for _, f := range c.Findings {
							t.Logf("%s: %s %s: %s", c.Name, f.Level, f.Rule, f.Message)
						}
					}
				}
				if code := r.ExitCode(); code != wantCode {
					t.Errorf("strict %v: exit code: have %d, want %d (failing %v)", strict, code, wantCode, failed(r))
				}
			}
			judge(r, false)
			// The same run judged strictly (as "umpire report merge
			// --strict" regrades it): exactly those findings become MUST.
			r.Meta.Strict = true
			r.Normalize()
			judge(r, true)
		})
	}
}
