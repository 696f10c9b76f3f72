package reports

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// The states of a coverage row.
const (
	// StateChecked: a check evaluated the rule in this run (passed or
	// failed), as it reports in Check.Evaluated, or cited it in a finding.
	StateChecked = "checked"
	// StateListed: a check that does not report what it evaluated (an older
	// report, a producer without evaluation counts) lists the rule; the
	// row trusts the list.
	StateListed = "listed"
	// StateNotExercised: a check that can cover the rule ran (or was
	// skipped) but did not evaluate it: the situation did not arise (no
	// tie, no sit-out…) or the check could not be carried out. Why says so.
	StateNotExercised = "not-exercised"
	// StateNotChecked: no check of the run can cover the rule.
	StateNotChecked = "not-checked"
	// StateNotApplicable: every check of the run that can cover the rule
	// found that the target does not offer what it is about, an optional
	// endpoint (a server without MCP; Check.NotApplicable). Why says so; the
	// coverage headline leaves the rule out of its count.
	StateNotApplicable = "not-applicable"
)

// RuleCoverage is one row of the coverage matrix: a rule, the checks that
// evaluated it, and the worst status among them as seen by this rule.
type RuleCoverage struct {
	Rule rules.Rule `json:"rule"`
	// State is checked, listed, not-exercised, not-applicable or
	// not-checked (the State constants).
	State string `json:"state"`
	// Checks names the checks that evaluated the rule ("name" or "name
	// [seed S]"), in report order.
	Checks []string `json:"checks"`
	// Evaluations counts the evaluations of the rule the checks reported.
	Evaluations int `json:"evaluations,omitempty"`
	// Could names the checks that can cover the rule (it is in their
	// Rules) but did not evaluate it in this run.
	Could []string `json:"could,omitempty"`
	// Why says why a rule is not exercised: the checks' own reasons
	// (Check.NotExercised, a skip's reason) or that the run did not arise.
	Why []string `json:"why,omitempty"`
	// Covered is true when the rule is checked (or listed).
	Covered bool `json:"covered"`
	// Status is the worst status among the evaluating checks, where a
	// failed check counts as Fail for this rule only if it has a finding
	// citing the rule (else as Pass). Disabled when not covered.
	Status Status `json:"status"`
	// Findings counts findings citing the rule, per level.
	Findings map[rules.Level]int `json:"findings,omitempty"`
	// Known counts the MUST findings among them that the known-failing
	// list excuses.
	Known int `json:"known_failing,omitempty"`
}

// KnownFailing reports whether the rule failed only on MUST findings the
// known-failing list excuses.
func (rc RuleCoverage) KnownFailing() bool {
	return rc.Status == Fail && rc.Known > 0 && rc.Known == rc.Findings[rules.Must]
}

// Label names a check in coverage lists and reports.
func (c Check) Label() string {
	if c.Seed == "" {
		return c.Name
	}
	return c.Name + " [seed " + c.Seed + "]"
}

// maxWhy bounds the reasons a row keeps (a run of many seeds repeats them).
const maxWhy = 5

// Coverage returns one row per rule of the report's rule list (in id order),
// plus rows for rule ids that checks cite but the list lacks (their Rule
// holds only the id). A rule is checked when a check evaluated it
// (Check.Evaluated) or cited it in a finding; a check that lists a rule in
// Rules without evaluating it leaves it not exercised, with why. A check
// whose Evaluated is nil (it does not report evaluations) covers what it
// lists, as "listed".
func (r *Report) Coverage() []RuleCoverage {
	rows := make([]RuleCoverage, 0, len(r.Rules))
	index := map[string]int{}
	// applies counts, per rule, the checks that could cover it and did not
	// find it inapplicable to the target.
	applies := map[string]int{}
	for _, ru := range r.Rules {
		index[ru.ID] = len(rows)
		rows = append(rows, RuleCoverage{Rule: ru, State: StateNotChecked})
	}
	row := func(id string) *RuleCoverage {
		i, ok := index[id]
		if !ok {
			i = len(rows)
			index[id] = i
			rows = append(rows, RuleCoverage{Rule: rules.Rule{ID: id}, State: StateNotChecked})
		}
		return &rows[i]
	}
	for _, c := range r.Checks {
		cited := map[string]map[rules.Level]int{}
		known := map[string]int{}
		for _, f := range c.Findings {
			if cited[f.Rule] == nil {
				cited[f.Rule] = map[rules.Level]int{}
			}
			cited[f.Rule][f.Level]++
			if f.Level == rules.Must && f.Known != "" {
				known[f.Rule]++
			}
		}
		var ids []string
		state := StateChecked
		if c.Evaluated == nil {
			state = StateListed
			ids = slices.Clone(c.Rules)
		}
		for id := range c.Evaluated {
			ids = append(ids, id)
		}
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
			if rc.State != StateChecked {
				rc.State = state
				if cited[id] != nil {
					rc.State = StateChecked
				}
			}
			rc.Covered = true
			rc.Status = Worst(rc.Status, st)
			rc.Checks = append(rc.Checks, c.Label())
			rc.Evaluations += c.Evaluated[id]
			rc.Known += known[id]
			for lv, n := range cited[id] {
				if rc.Findings == nil {
					rc.Findings = map[rules.Level]int{}
				}
				rc.Findings[lv] += n
			}
		}
		if c.Evaluated == nil {
			continue
		}
		for _, id := range c.Rules {
			if _, done := c.Evaluated[id]; done || cited[id] != nil || id == "" {
				continue
			}
			rc := row(id)
			rc.Could = append(rc.Could, c.Label())
			why := c.NotExercised[id]
			na := c.NotApplicable[id]
			switch {
			case na != "":
				why = "not applicable: " + na
			default:
				applies[id]++
			}
			switch {
			case why != "":
			case c.Status == Skip || c.Status == Error || c.Status == Disabled:
				why = c.Status.String() + ": " + c.Reason
			default:
				why = "no case of it arose in the run of " + c.Label()
			}
			if len(rc.Why) < maxWhy && !slices.Contains(rc.Why, why) {
				rc.Why = append(rc.Why, why)
			}
		}
	}
	for i := range rows {
		if rows[i].State == StateNotChecked && len(rows[i].Could) > 0 {
			rows[i].State = StateNotExercised
			if applies[rows[i].Rule.ID] == 0 {
				rows[i].State = StateNotApplicable
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b RuleCoverage) int { return strings.Compare(a.Rule.ID, b.Rule.ID) })
	return rows
}

// CoverageFigure counts, for one game, the MUST rules by observability and
// how many of them the run checked: the headline of the coverage matrix is
// Live.Checked of Live.Rules, the server-observable MUST rules that bind
// without --strict (the documents' own). MUST rules resting on a reading or
// a pin are counted apart, in Strict.
type CoverageFigure struct {
	Game string `json:"game"`
	// Live, LogOnly and AgentOnly count the document MUST rules (at the
	// level the catalogue states) of each observability.
	Live      FigureCount `json:"live"`
	LogOnly   FigureCount `json:"log_only"`
	AgentOnly FigureCount `json:"agent_only"`
	// Strict counts the MUST rules on a reading or a pin, of any
	// observability: they bind only with --strict.
	Strict FigureCount `json:"strict_only"`
	// NotApplicable says why the rules the counts' NotApplicable count do
	// not apply to the target.
	NotApplicable []string `json:"not_applicable,omitempty"`
}

// FigureCount is how many rules there are, how many were checked (or
// listed) and how many a check could cover but did not exercise. Rules
// counts the rules that apply to the target: NotApplicable counts apart
// those about what it does not offer (StateNotApplicable), with why.
type FigureCount struct {
	Rules         int `json:"rules"`
	Checked       int `json:"checked"`
	NotExercised  int `json:"not_exercised"`
	NotApplicable int `json:"not_applicable,omitempty"`
}

// Percent is Checked as a percentage of Rules (0 when there are none).
func (f FigureCount) Percent() float64 {
	if f.Rules == 0 {
		return 0
	}
	return 100 * float64(f.Checked) / float64(f.Rules)
}

// CoverageFigures sums the coverage rows per game (in game order).
func CoverageFigures(rows []RuleCoverage) []CoverageFigure {
	var out []CoverageFigure
	index := map[string]int{}
	for _, rc := range rows {
		if rc.Rule.Level != rules.Must {
			continue
		}
		g := rc.Rule.Game()
		i, ok := index[g]
		if !ok {
			i = len(out)
			index[g] = i
			out = append(out, CoverageFigure{Game: g})
		}
		fc := &out[i].Live
		switch {
		case !rc.Rule.Basis.Binding():
			fc = &out[i].Strict
		case rc.Rule.Observable == rules.LogOnly:
			fc = &out[i].LogOnly
		case rc.Rule.Observable == rules.AgentOnly:
			fc = &out[i].AgentOnly
		}
		if rc.State == StateNotApplicable {
			fc.NotApplicable++
			for _, w := range rc.Why {
				w = strings.TrimPrefix(w, "not applicable: ")
				if !slices.Contains(out[i].NotApplicable, w) {
					out[i].NotApplicable = append(out[i].NotApplicable, w)
				}
			}
			continue
		}
		fc.Rules++
		switch rc.State {
		case StateChecked, StateListed:
			fc.Checked++
		case StateNotExercised:
			fc.NotExercised++
		}
	}
	slices.SortFunc(out, func(a, b CoverageFigure) int { return strings.Compare(a.Game, b.Game) })
	return out
}

// String renders the figure on one line, e.g. "inference: 40/55
// server-observable MUST rules of the documents checked (73%), 3 not
// exercised; log-only 12/12; readings and pins (MUST with --strict) 9/15"
// (with ", 1 n/a: the target offers no MCP (…)" for rules left out of the
// count).
func (f CoverageFigure) String() string {
	s := fmt.Sprintf("%s: %d/%d server-observable MUST rules of the documents checked (%.0f%%)", f.Game, f.Live.Checked, f.Live.Rules, f.Live.Percent())
	if f.Live.NotExercised > 0 {
		s += fmt.Sprintf(", %d not exercised", f.Live.NotExercised)
	}
	if f.Live.NotApplicable > 0 {
		s += fmt.Sprintf(", %d n/a: %s", f.Live.NotApplicable, strings.Join(f.NotApplicable, "; "))
	}
	if f.LogOnly.Rules > 0 {
		s += fmt.Sprintf("; log-only %d/%d", f.LogOnly.Checked, f.LogOnly.Rules)
	}
	if f.AgentOnly.Rules > 0 && f.AgentOnly.Checked > 0 {
		s += fmt.Sprintf("; agent-only %d/%d", f.AgentOnly.Checked, f.AgentOnly.Rules)
	}
	if f.Strict.Rules > 0 {
		s += fmt.Sprintf("; readings and pins (MUST with --strict) %d/%d", f.Strict.Checked, f.Strict.Rules)
	}
	return s
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
	// Known counts the rules under ByStatus[Fail] whose MUST findings the
	// known-failing list excuses (RuleCoverage.KnownFailing).
	Known int `json:"known_failing,omitempty"`
	// Uncovered counts rules no check covered (not exercised included,
	// not applicable not).
	Uncovered int `json:"uncovered"`
	// NotApplicable counts the rules about what the target does not offer
	// (StateNotApplicable).
	NotApplicable int `json:"not_applicable,omitempty"`
	// NotExercised counts the uncovered rules a check could have covered.
	NotExercised int `json:"not_exercised,omitempty"`
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
		if rc.State == StateNotApplicable {
			out[i].NotApplicable++
			continue
		}
		if rc.Covered {
			out[i].ByStatus[rc.Status]++
			switch {
			case rc.KnownFailing():
				out[i].Known++
			case rc.Status == Fail && rc.Findings[rules.Must] == 0:
				out[i].Warn++
			}
		} else {
			out[i].Uncovered++
			if rc.State == StateNotExercised {
				out[i].NotExercised++
			}
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
