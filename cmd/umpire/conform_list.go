package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/umpire-arena/umpire/harness/conform"
)

// checkNames collects repeatable --check flags.
type checkNames []string

func (c *checkNames) String() string { return strings.Join(*c, ", ") }

func (c *checkNames) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("empty check name")
	}
	*c = append(*c, v)
	return nil
}

// selectChecks keeps the checks named: each name is a check's full name or
// a part of it (case-insensitive) that picks exactly one check. A name that
// picks none or several is a usage error naming the candidates.
func selectChecks(checks []conform.Check, names []string) ([]conform.Check, error) {
	if len(names) == 0 {
		return checks, nil
	}
	keep := map[int]bool{}
	for _, n := range names {
		var hits []int
		for i, c := range checks {
			if c.Name == n {
				hits = []int{i}
				break
			}
			if strings.Contains(strings.ToLower(c.Name), strings.ToLower(n)) {
				hits = append(hits, i)
			}
		}
		switch len(hits) {
		case 0:
			return nil, fmt.Errorf("--check %q names no check (umpire conform --game G --list shows them)", n)
		case 1:
			keep[hits[0]] = true
		default:
			var cands []string
			for _, i := range hits {
				cands = append(cands, fmt.Sprintf("%q", checks[i].Name))
			}
			return nil, fmt.Errorf("--check %q names %d checks: %s", n, len(hits), strings.Join(cands, ", "))
		}
	}
	var out []conform.Check
	for i, c := range checks {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out, nil
}

// listedCheck is one line of conform --list --format json.
type listedCheck struct {
	Name    string   `json:"name"`
	Section string   `json:"section"`
	Labels  []string `json:"labels"`
	Rules   []string `json:"rules"`
}

// listChecks prints the checks of the suite with their section, labels and
// rules, without running anything.
func listChecks(e *env, checks []conform.Check, asJSON bool) int {
	if asJSON {
		out := make([]listedCheck, 0, len(checks))
		for _, c := range checks {
			out = append(out, listedCheck{Name: c.Name, Section: c.Section, Labels: c.Labels(), Rules: c.Rules})
		}
		if err := writeJSONIndented(e.stdout, out); err != nil {
			return exitError
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CHECK\tSECTION\tRULES")
	for _, c := range checks {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Name, c.Section, strings.Join(c.Rules, " "))
	}
	if err := tw.Flush(); err != nil {
		return exitError
	}
	fmt.Fprintf(e.stdout, "\n%d checks; run one with --check NAME (a unique part of its name), select by rule with --label-filter\n", len(checks))
	return exitOK
}
