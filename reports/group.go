package reports

import (
	"fmt"
	"regexp"
	"strings"
)

// FindingGroup is a run of a check's findings that say the same thing: one
// rule, one level, one known-failing reason, and one message once the
// numbers in it are masked ("seat 0's visible_state shows seat 1's hidden
// value" and "seat 2's … seat 0's …" are one kind). Writers show a group
// once, with its count and its first places, instead of a wall of
// identical lines; the JSON keeps every finding.
type FindingGroup struct {
	// First is the group's first finding, in the check's order.
	First Finding
	// Indexes are the positions of the group's findings in the check's
	// Findings, in order; len(Indexes) is the count.
	Indexes []int
}

// Count is the number of findings in the group.
func (g FindingGroup) Count() int { return len(g.Indexes) }

// digits masks the numbers of a message for grouping.
var digits = regexp.MustCompile(`[0-9]+`)

// groupKey is what findings of one group share.
func groupKey(f Finding) string {
	return f.Rule + "\x00" + string(f.Level) + "\x00" + f.Known + "\x00" + digits.ReplaceAllString(f.Message, "#")
}

// GroupFindings groups findings in order of first appearance (see
// FindingGroup).
func GroupFindings(fs []Finding) []FindingGroup {
	var out []FindingGroup
	index := map[string]int{}
	for i, f := range fs {
		k := groupKey(f)
		j, ok := index[k]
		if !ok {
			j = len(out)
			index[k] = j
			out = append(out, FindingGroup{First: f})
		}
		out[j].Indexes = append(out[j].Indexes, i)
	}
	return out
}

// Places names the distinct places of the group's findings, the first n
// of them, e.g. "round 1 seat 0; round 1 seat 1; round 2 seat 1 and 11
// more places" ("" when no finding has a place).
func (g FindingGroup) Places(fs []Finding, n int) string {
	var places []string
	seen := map[string]bool{}
	for _, i := range g.Indexes {
		if w := whereText(fs[i].Where); w != "" && !seen[w] {
			seen[w] = true
			places = append(places, w)
		}
	}
	s := strings.Join(places[:min(n, len(places))], "; ")
	if more := len(places) - n; more > 0 {
		s += fmt.Sprintf(" and %d more places", more)
	}
	return s
}

// Times renders a count for a group's heading: "" for one, "×14" for more.
func (g FindingGroup) Times() string {
	if g.Count() < 2 {
		return ""
	}
	return fmt.Sprintf("×%d", g.Count())
}
