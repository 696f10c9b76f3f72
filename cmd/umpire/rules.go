package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/umpire-arena/umpire/referee/rules"
)

// cmdRules runs "umpire rules": the rule catalogue, for one game or both.
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
	if *format == "json" {
		if list == nil {
			list = []rules.Rule{}
		}
		if err := writeJSONIndented(e.stdout, list); err != nil {
			fmt.Fprintf(e.stderr, "umpire rules: %v\n", err)
			return exitError
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLEVEL\tBASIS\tSOURCE\tRULE")
	for _, r := range list {
		level := string(r.Level)
		if l := r.EffectiveLevel(false); l != r.Level {
			level = fmt.Sprintf("%s (%s with --strict)", l, r.Level)
		}
		basis := string(r.Basis)
		if r.Ref != "" && r.Basis != rules.BasisContract {
			basis += " " + r.Ref
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s %s\t%s\n", r.ID, level, basis, r.Doc, r.Section, r.Text)
	}
	if err := tw.Flush(); err != nil {
		return exitError
	}
	fmt.Fprintf(e.stdout, "\n%d rules\n", len(list))
	return exitOK
}
