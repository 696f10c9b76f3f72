package reports

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// junitByRule builds the per-rule JUnit suites (see the JUnit doc): one case
// per coverage row, grouped by game and section like the matrix.
func junitByRule(r *Report) junitSuites {
	root := junitSuites{Name: "umpire " + string(r.Meta.Kind) + " " + strings.Join(r.Meta.Games, ",")}
	stamp := r.Meta.Started.UTC().Format("2006-01-02T15:04:05")
	// Per rule: the checks that listed or evaluated it, and its findings.
	type ruleRun struct {
		time     time.Duration
		errored  []string
		bare     []string // failing checks without findings that list it
		findings []string // rendered, with the check's label
		must     bool
		warn     []string
		known    []string // excused MUST findings
		reason   string
		// nMust and nKnown count the findings the texts above render
		// (a group of alike findings is one text).
		nMust, nKnown int
	}
	runs := map[string]*ruleRun{}
	get := func(id string) *ruleRun {
		if runs[id] == nil {
			runs[id] = &ruleRun{}
		}
		return runs[id]
	}
	times := r.checkTimes()
	for ci, c := range r.Checks {
		ids := slices.Clone(c.Rules)
		for id := range c.Evaluated {
			ids = append(ids, id)
		}
		for _, f := range c.Findings {
			ids = append(ids, f.Rule)
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		for _, id := range ids {
			rr := get(id)
			rr.time = addTime(rr.time, times[ci]/time.Duration(len(ids)))
			switch {
			case c.Status == Error:
				rr.errored = append(rr.errored, c.Label()+": "+c.Reason)
			case c.Failing() && len(c.Findings) == 0:
				rr.bare = append(rr.bare, c.Label()+": "+c.Reason)
			}
		}
		for _, g := range GroupFindings(c.Findings) {
			f := g.First
			rr := get(f.Rule)
			text := r.findingText(c, g)
			switch {
			case f.Level == rules.Must && f.Known == "":
				rr.must = true
				rr.findings = append(rr.findings, text)
				rr.nMust += g.Count()
			case f.Level == rules.Must:
				rr.known, rr.reason = append(rr.known, text), f.Known
				rr.nKnown += g.Count()
			default:
				rr.warn = append(rr.warn, text)
			}
		}
	}
	stale := map[string]string{}
	for _, k := range r.StaleKnown() {
		stale[k.Rule] = k.Reason
	}
	index := map[string]int{}
	var suiteTime []time.Duration
	for _, rc := range r.Coverage() {
		key := sectionKey(rc.Rule)
		i, ok := index[key]
		if !ok {
			i = len(root.Suites)
			index[key] = i
			root.Suites = append(root.Suites, junitSuite{Name: xmlText(key), Timestamp: stamp})
			suiteTime = append(suiteTime, 0)
		}
		suiteTime[i] = addTime(suiteTime[i], get(rc.Rule.ID).time)
		s := &root.Suites[i]
		rr := get(rc.Rule.ID)
		tc := junitCase{Name: xmlText(rc.Rule.ID), Classname: xmlText("umpire." + rc.Rule.Game() + "." + sectionName(rc.Rule)), Time: seconds(rr.time)}
		requirement := rc.Rule.Text
		if rc.Rule.Doc != "" {
			requirement += " (" + SourceText(rc.Rule) + ")"
		}
		switch {
		case rr.must:
			msg := fmt.Sprintf("%s: %d MUST finding(s)", rc.Rule.ID, rr.nMust)
			tc.Failure = &junitMessage{Message: xmlText(msg), Type: "MUST", Text: xmlText("requirement: " + requirement + "\n\n" + strings.Join(rr.findings, "\n"))}
			s.Failures++
		case len(rr.bare) > 0:
			tc.Failure = &junitMessage{Message: xmlText(clip("a check covering the rule failed without findings: "+rr.bare[0], 500)), Type: "MUST", Text: xmlText(strings.Join(rr.bare, "\n"))}
			s.Failures++
		case stale[rc.Rule.ID] != "":
			tc.Failure = &junitMessage{Message: xmlText(clip("listed as known failing ("+stale[rc.Rule.ID]+") but it holds now: remove it from the list", 500)), Type: "stale"}
			s.Failures++
		case len(rr.errored) > 0:
			tc.Error = &junitMessage{Message: xmlText(clip(rr.errored[0], 500)), Type: "error", Text: xmlText(strings.Join(rr.errored, "\n"))}
			s.Errors++
		case len(rr.known) > 0:
			msg := fmt.Sprintf("%s (%d MUST finding(s))", knownMessage(rr.reason), rr.nKnown)
			tc.Skipped = &junitMessage{Message: xmlText(clip(msg, 500)), Type: junitKnownType, Text: xmlText("requirement: " + requirement + "\n\n" + strings.Join(rr.known, "\n"))}
			s.Skipped++
		case rc.State == StateNotApplicable:
			tc.Skipped = &junitMessage{Message: xmlText(clip(strings.Join(rc.Why, "; "), 500))}
			s.Skipped++
		case rc.State == StateNotExercised:
			tc.Skipped = &junitMessage{Message: xmlText(clip("not exercised: "+strings.Join(rc.Why, "; "), 500))}
			s.Skipped++
		case !rc.Covered:
			why := "not checked: no check of this run covers it"
			if rc.Rule.ObservableWhy != "" {
				why += " (" + string(rc.Rule.Observable) + ": " + rc.Rule.ObservableWhy + ")"
			}
			tc.Skipped = &junitMessage{Message: xmlText(clip(why, 500))}
			s.Skipped++
		}
		if len(rr.warn) > 0 && tc.Failure == nil {
			tc.SystemOut = xmlText("warnings (not failing the run):\n" + strings.Join(rr.warn, "\n"))
		}
		if tc.Failure == nil && tc.Error == nil && tc.Skipped == nil && len(rc.Checks) > 0 {
			tc.SystemOut = xmlText(strings.TrimSpace(tc.SystemOut + "\nchecked by: " + strings.Join(rc.Checks, "; ")))
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	// A check that errored or failed without naming any rule (umpire's
	// own harness, a target it could not reach) is a case of its own, so
	// the per-rule view never hides it.
	var run junitSuite
	for _, c := range r.Checks {
		if len(c.Rules) > 0 || len(c.Evaluated) > 0 || len(c.Findings) > 0 || !(c.Status == Error || c.Failing()) {
			continue
		}
		tc := junitCase{Name: xmlText(clip(c.Label(), 300)), Classname: "umpire.run", Time: seconds(c.Duration)}
		if c.Status == Error {
			tc.Error = &junitMessage{Message: xmlText(clip(c.Reason, 500)), Type: "error"}
			run.Errors++
		} else {
			tc.Failure = &junitMessage{Message: xmlText(clip(c.Reason, 500)), Type: "MUST"}
			run.Failures++
		}
		run.Tests++
		run.Cases = append(run.Cases, tc)
	}
	var total time.Duration
	for _, t := range times {
		total = addTime(total, t)
	}
	for i := range root.Suites {
		root.Suites[i].Time = seconds(suiteTime[i])
	}
	slices.SortStableFunc(root.Suites, func(a, b junitSuite) int { return compareSections(a.Name, b.Name) })
	if run.Tests > 0 {
		run.Name, run.Timestamp, run.Time = "umpire run", stamp, seconds(0)
		root.Suites = append([]junitSuite{run}, root.Suites...)
	}
	root.Time = seconds(total)
	return root
}

// sectionName is the section part of a rule's matrix key.
func sectionName(ru rules.Rule) string {
	_, sec, _ := strings.Cut(sectionKey(ru), " · ")
	return sec
}

// findingText renders one group of alike findings of c for a per-rule
// case.
func (r *Report) findingText(c Check, g FindingGroup) string {
	one := c
	one.Findings = make([]Finding, 0, g.Count())
	for _, i := range g.Indexes {
		one.Findings = append(one.Findings, c.Findings[i])
	}
	one.Reason = ""
	return "check: " + c.Label() + "\n" + r.findingsText(one)
}
