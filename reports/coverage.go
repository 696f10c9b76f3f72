package reports

import (
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// RuleCoverage is one row of the coverage matrix: a rule, the checks that
// covered it, and the worst status among them as seen by this rule.
type RuleCoverage struct {
	Rule rules.Rule `json:"rule"`
	// Checks names the covering checks ("name" or "name [seed S]"), in
	// report order.
	Checks []string `json:"checks"`
	// Covered is false when no check covered the rule.
	Covered bool `json:"covered"`
	// Status is the worst status among the covering checks, where a failed
	// check counts as Fail for this rule only if it has a finding citing the
	// rule (else as Pass). Disabled when not covered.
	Status Status `json:"status"`
	// Findings counts findings citing the rule, per level.
	Findings map[rules.Level]int `json:"findings,omitempty"`
}

// Label names a check in coverage lists and reports.
func (c Check) Label() string {
	if c.Seed == "" {
		return c.Name
	}
	return c.Name + " [seed " + c.Seed + "]"
}

// Coverage returns one row per rule of the report's rule list (in id order),
// plus rows for rule ids that checks cite but the list lacks (their Rule
// holds only the id). A check covers a rule when it lists the rule in Rules
// or has a finding citing it.
func (r *Report) Coverage() []RuleCoverage {
	rows := make([]RuleCoverage, 0, len(r.Rules))
	index := map[string]int{}
	for _, ru := range r.Rules {
		index[ru.ID] = len(rows)
		rows = append(rows, RuleCoverage{Rule: ru})
	}
	row := func(id string) *RuleCoverage {
		i, ok := index[id]
		if !ok {
			i = len(rows)
			index[id] = i
			rows = append(rows, RuleCoverage{Rule: rules.Rule{ID: id}})
		}
		return &rows[i]
	}
	for _, c := range r.Checks {
		cited := map[string]map[rules.Level]int{}
		for _, f := range c.Findings {
			if cited[f.Rule] == nil {
				cited[f.Rule] = map[rules.Level]int{}
			}
			cited[f.Rule][f.Level]++
		}
		ids := slices.Clone(c.Rules)
		for id := range cited {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		for _, id := range ids {
			if id == "" {
				continue
			}
			rc := row(id)
			st := c.Status
			if st == Fail && cited[id] == nil {
				st = Pass
			}
			if !rc.Covered {
				rc.Status = st
			}
			rc.Covered = true
			rc.Status = Worst(rc.Status, st)
			rc.Checks = append(rc.Checks, c.Label())
			for lv, n := range cited[id] {
				if rc.Findings == nil {
					rc.Findings = map[rules.Level]int{}
				}
				rc.Findings[lv] += n
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b RuleCoverage) int { return strings.Compare(a.Rule.ID, b.Rule.ID) })
	return rows
}

// SectionCoverage sums the coverage rows of one section: how many rules sit
// at each status, plus the rules no check covered.
type SectionCoverage struct {
	// Section is "game · section" of the rules counted.
	Section string `json:"section"`
	// ByStatus counts covered rules per worst status.
	ByStatus map[Status]int `json:"by_status"`
	// Warn counts the rules under ByStatus[Fail] whose findings are all
	// SHOULD or INFO.
	Warn int `json:"warn"`
	// Uncovered counts rules no check covered.
	Uncovered int `json:"uncovered"`
}

// SectionsOf groups coverage rows by game and section, in order of first
// appearance (rows are sorted by id, so sections follow the id order).
func SectionsOf(rows []RuleCoverage) []SectionCoverage {
	var out []SectionCoverage
	index := map[string]int{}
	for _, rc := range rows {
		key := sectionKey(rc.Rule)
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, SectionCoverage{Section: key, ByStatus: map[Status]int{}})
		}
		if rc.Covered {
			out[i].ByStatus[rc.Status]++
			if rc.Status == Fail && rc.Findings[rules.Must] == 0 {
				out[i].Warn++
			}
		} else {
			out[i].Uncovered++
		}
	}
	slices.SortStableFunc(out, func(a, b SectionCoverage) int { return compareSections(a.Section, b.Section) })
	return out
}

// compareSections orders section keys ("game · section") naturally: by game,
// then sections with a number (§4, Round 3) by that number before the
// others, then by name — so §2 comes before §10.
func compareSections(a, b string) int {
	ga, sa, _ := strings.Cut(a, " · ")
	gb, sb, _ := strings.Cut(b, " · ")
	if c := strings.Compare(ga, gb); c != 0 {
		return c
	}
	na, oka := firstNumber(sa)
	nb, okb := firstNumber(sb)
	switch {
	case oka && !okb:
		return -1
	case !oka && okb:
		return 1
	case oka && okb && na != nb:
		return na - nb
	}
	return strings.Compare(sa, sb)
}

// firstNumber returns the first run of decimal digits in s.
func firstNumber(s string) (int, bool) {
	n, found := 0, false
	for _, ch := range s {
		if ch >= '0' && ch <= '9' {
			if n < 1e6 {
				n = n*10 + int(ch-'0')
			}
			found = true
		} else if found {
			break
		}
	}
	return n, found
}

func sectionKey(r rules.Rule) string {
	sec := r.Section
	if sec == "" {
		// Fall back to the section part of the id, "game/section.slug".
		_, rest, _ := strings.Cut(r.ID, "/")
		sec, _, _ = strings.Cut(rest, ".")
	}
	return r.Game() + " · " + sec
}
