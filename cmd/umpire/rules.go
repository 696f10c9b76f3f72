package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/referee/rules"
)

// ruleEntry is one rule of "umpire rules --format json": the rule, the
// conformance checks that can cover it and the embedded servers' faults
// that prove it (from the conformance manifest, conform.BuildManifest).
type ruleEntry struct {
	rules.Rule
	// Level is the level the rule's findings have in a run: the stated
	// level, lowered to SHOULD for a reading or a pin unless --strict
	// (rules.Rule.EffectiveLevel), as the text's LEVEL column reads. It
	// shadows the catalogue's level, which StatedLevel keeps.
	Level rules.Level `json:"level"`
	// StatedLevel is the catalogue's level: what --strict gives the
	// findings of a reading or a pin.
	StatedLevel rules.Level `json:"stated_level"`
	// LevelText is the text's LEVEL cell, e.g. "SHOULD (MUST with
	// --strict)".
	LevelText string   `json:"level_text"`
	Checks    []string `json:"checks"`
	Faults    []string `json:"faults"`
}

// levelText is the LEVEL cell of a rule: its effective level, and the
// stated one when --strict would restore it.
func levelText(r rules.Rule, strict bool) string {
	level := string(r.EffectiveLevel(strict))
	if l := r.EffectiveLevel(strict); l != r.Level {
		level = fmt.Sprintf("%s (%s with --strict)", l, r.Level)
	}
	return level
}

// coverageText is the short coverage column of the text form: how many
// checks can cover the rule and how many faults prove it, or where it is
// judged when no live message shows it.
func coverageText(r rules.Rule, m conform.ManifestEntry) string {
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
	fs := newFlagSet(e, "rules", "[--game G] [--strict] [--statements] [--format text|json]")
	game := fs.String("game", "", harness.NameList()+" (default: all)")
	format := fs.String("format", "text", "text or json")
	strict := fs.Bool("strict", false, "show the levels a --strict run gives: readings and pins keep their MUST")
	statements := fs.Bool("statements", false, "show the statement map: each statement of the rules documents, the rules that check it, its status, and the figures per document")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkNoArgs(e, fs, "rules") {
		return exitUsage
	}
	if *game != "" && !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *statements {
		return rulesStatements(e, *game, *format)
	}
	cat := rules.Default()
	list := cat.All()
	if *game != "" {
		list = cat.ForGame(*game)
	}
	man := conform.BuildManifest()
	if *format == "json" {
		out := make([]ruleEntry, 0, len(list))
		for _, r := range list {
			m, _ := man.Lookup(r.ID)
			out = append(out, ruleEntry{Rule: r, Level: r.EffectiveLevel(*strict), StatedLevel: r.Level, LevelText: levelText(r, *strict), Checks: m.Checks, Faults: m.Faults})
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
		level := levelText(r, *strict)
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
