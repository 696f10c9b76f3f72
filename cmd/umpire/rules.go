package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/umpire-arena/umpire/harness/probe"
	"github.com/umpire-arena/umpire/referee/rules"
)

// ruleEntry is one rule of "umpire rules --format json": the rule, the
// conformance checks that can cover it and the embedded servers' faults
// that prove it (from the conformance manifest, probe.BuildManifest).
type ruleEntry struct {
	rules.Rule
	Checks []string `json:"checks"`
	Faults []string `json:"faults"`
}

// coverageText is the short coverage column of the text form: how many
// checks can cover the rule and how many faults prove it, or where it is
// judged when no live message shows it.
func coverageText(r rules.Rule, m probe.ManifestEntry) string {
	var parts []string
	switch n := len(m.Checks); {
	case n == 1:
		parts = append(parts, "1 check")
	case n > 1:
		parts = append(parts, fmt.Sprintf("%d checks", n))
	}
	switch n := len(m.Faults); {
	case n == 1:
		parts = append(parts, "1 fault")
	case n > 1:
		parts = append(parts, fmt.Sprintf("%d faults", n))
	}
	if r.Observable != rules.Live && r.Observable != "" {
		parts = append(parts, string(r.Observable))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// cmdRules runs "umpire rules": the rule catalogue, for one game or both,
// with the checks that cover each rule and the faults that prove it.
func cmdRules(_ context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "rules", "[--game G] [--format text|json]")
	game := fs.String("game", "", "inference or bangarena (default: both)")
	format := fs.String("format", "text", "text or json")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkNoArgs(e, fs, "rules") {
		return exitUsage
	}
	if *game != "" && !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	cat := rules.Default()
	list := cat.All()
	if *game != "" {
		list = cat.ForGame(*game)
	}
	man := probe.BuildManifest()
	if *format == "json" {
		out := make([]ruleEntry, 0, len(list))
		for _, r := range list {
			m, _ := man.Lookup(r.ID)
			out = append(out, ruleEntry{Rule: r, Checks: m.Checks, Faults: m.Faults})
		}
		if err := writeJSONIndented(e.stdout, out); err != nil {
			fmt.Fprintf(e.stderr, "umpire rules: %v\n", err)
			return exitError
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLEVEL\tBASIS\tSOURCE\tCOVERAGE\tRULE")
	for _, r := range list {
		level := string(r.Level)
		if l := r.EffectiveLevel(false); l != r.Level {
			level = fmt.Sprintf("%s (%s with --strict)", l, r.Level)
		}
		basis := string(r.Basis)
		if r.Ref != "" && r.Basis != rules.BasisContract {
			basis += " " + r.Ref
		}
		m, _ := man.Lookup(r.ID)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s %s\t%s\t%s\n", r.ID, level, basis, r.Doc, r.Section, coverageText(r, m), r.Text)
	}
	if err := tw.Flush(); err != nil {
		return exitError
	}
	fmt.Fprintf(e.stdout, "\n%d rules\n", len(list))
	fmt.Fprintln(e.stdout, "sources WIRE.md and CLI.md are umpire's own contracts: docs/wire.md and docs/cli.md in the repository, one heading per section")
	return exitOK
}
