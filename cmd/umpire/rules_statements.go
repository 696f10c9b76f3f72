package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/referee/rules"
)

// statementEntry is one statement of "umpire rules --statements --format
// json": the statement and its status.
type statementEntry struct {
	rules.Statement
	Status rules.StatementStatus `json:"status"`
}

// statementsJSON is the JSON form of the statement map.
type statementsJSON struct {
	Statements []statementEntry         `json:"statements"`
	Figures    []rules.StatementFigures `json:"figures"`
	Unmapped   []string                 `json:"unmapped_games,omitempty"`
}

// checkedByManifest reports whether some check evaluates a rule: the
// conformance checks, the log verifiers and the certification checks, as the
// conformance manifest lists them.
func checkedByManifest() func(string) bool {
	man := conform.BuildManifest()
	return func(id string) bool {
		m, ok := man.Lookup(id)
		return ok && len(m.Checks) > 0
	}
}

// rulesStatements prints the statement map of one game's document or both.
func rulesStatements(e *env, game, format string) int {
	list := rules.Statements(game)
	checked := checkedByManifest()
	figs := rules.CountStatements(list, checked)
	var unmapped []string
	for _, g := range harness.Names() {
		if (game == "" || game == g) && len(rules.Statements(g)) == 0 {
			unmapped = append(unmapped, g)
		}
	}
	if format == "json" {
		out := statementsJSON{Statements: make([]statementEntry, 0, len(list)), Figures: figs, Unmapped: unmapped}
		for _, s := range list {
			out.Statements = append(out.Statements, statementEntry{Statement: s, Status: s.Status(checked)})
		}
		if err := writeJSONIndented(e.stdout, out); err != nil {
			fmt.Fprintf(e.stderr, "umpire rules: %v\n", err)
			return exitError
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tSECTION\tRULES\tSTATEMENT")
	for _, s := range list {
		ids := make([]string, len(s.Rules))
		for i, id := range s.Rules {
			ids[i] = id[strings.IndexByte(id, '/')+1:]
		}
		what := s.Text
		switch {
		case s.NotCheckable != "":
			what += " [not checkable: " + s.NotCheckable + "]"
		case s.Gap != "":
			what += " [gap: " + s.Gap + "]"
		}
		r := strings.Join(ids, ", ")
		if r == "" {
			r = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.ID, s.Status(checked), s.Section, r, what)
	}
	if err := tw.Flush(); err != nil {
		return exitError
	}
	fmt.Fprintln(e.stdout)
	for _, f := range figs {
		fmt.Fprintln(e.stdout, f.String())
	}
	for _, g := range unmapped {
		fmt.Fprintf(e.stdout, "%s: no statement map yet\n", g)
	}
	return exitOK
}
