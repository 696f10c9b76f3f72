package reports

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/umpire-arena/umpire/referee/rules"
)

// FailedRule is one rule this run's findings say is broken, for the compact
// list that closes every report (as h2spec closes its output with its
// failures): the rule, its level, how many findings in which checks, and
// the command that runs the first of those checks again.
type FailedRule struct {
	Rule     string      `json:"rule"`
	Level    rules.Level `json:"level"`
	Findings int         `json:"findings"`
	// Checks name the checks that found it, in the report's order.
	Checks []string `json:"checks"`
	// Reproduce is the first such check's Check.Reproduce, when it has one.
	Reproduce string `json:"reproduce,omitempty"`
}

// FailedRules lists the rules of the run's MUST and SHOULD findings (not
// INFO, not those a --known-failing entry excuses), MUST first, then by
// rule id; a rule found at both levels is listed at the higher.
func (r *Report) FailedRules() []FailedRule {
	byRule := map[string]*FailedRule{}
	for _, c := range r.Checks {
		for _, f := range c.Findings {
			if f.Known != "" || (f.Level != rules.Must && f.Level != rules.Should) {
				continue
			}
			fr := byRule[f.Rule]
			if fr == nil {
				fr = &FailedRule{Rule: f.Rule, Level: f.Level, Reproduce: c.Reproduce}
				byRule[f.Rule] = fr
			}
			if f.Level == rules.Must {
				fr.Level = rules.Must
			}
			fr.Findings++
			if !slices.Contains(fr.Checks, c.Name) {
				fr.Checks = append(fr.Checks, c.Name)
			}
		}
	}
	out := make([]FailedRule, 0, len(byRule))
	for _, fr := range byRule {
		out = append(out, *fr)
	}
	slices.SortFunc(out, func(a, b FailedRule) int {
		if a.Level != b.Level {
			if a.Level == rules.Must {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.Rule, b.Rule)
	})
	return out
}

// FailedRulesHeading names the list of FailedRules truthfully: "failed
// rules (N)" only when every rule listed failed (a MUST finding), "rules
// with warnings (N, none failed)" when none did, and "rules with findings
// (N: M failed, K warnings)" when both are there.
func FailedRulesHeading(list []FailedRule) string {
	must := 0
	for _, f := range list {
		if f.Level == rules.Must {
			must++
		}
	}
	switch n := len(list); {
	case must == n:
		return fmt.Sprintf("failed rules (%d)", n)
	case must == 0:
		return fmt.Sprintf("rules with warnings (%d, none failed)", n)
	default:
		return fmt.Sprintf("rules with findings (%d: %d failed, %s)", n, must, plural(n-must, "warning"))
	}
}
