package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// conformRun is what a reproduce command needs of a conform run beyond
// its target: the embedded server's faults and dialects, and --strict.
type conformRun struct {
	embedded         bool
	faults, dialects []string
	strict           bool
}

// reproduceCommand is the command that runs the check named check alone
// again against the same target with the same seed and flags (as certify's
// findings name umpire replay). Seat tokens are secrets: they stand as
// TOKEN placeholders; the target's URL is redacted as in the reports.
func reproduceCommand(t *conform.Target, run conformRun, check string) string {
	var b strings.Builder
	if run.embedded && len(run.faults) > 0 {
		fmt.Fprintf(&b, "%s=%s ", gamecli.FaultsEnv, shellQuote(strings.Join(run.faults, ",")))
	}
	fmt.Fprintf(&b, "umpire conform --game %s", shellQuote(t.Game))
	if run.embedded {
		b.WriteString(" --embedded")
		if len(run.faults) > 0 {
			b.WriteString(" --unsafe-faults")
		}
		if len(run.dialects) > 0 {
			fmt.Fprintf(&b, " --dialect %s", shellQuote(strings.Join(run.dialects, ",")))
		}
	} else {
		fmt.Fprintf(&b, " --target %s", shellQuote(reports.RedactString(t.URL)))
		switch {
		case t.Create:
			b.WriteString(" --create")
		case t.Match != "":
			noun := cmp.Or(t.MatchNoun, "match")
			if g := gameOf(t.Game); g != nil {
				noun = g.MatchNoun
			}
			fmt.Fprintf(&b, " --%s %s", noun, shellQuote(t.Match))
		}
		for _, s := range slices.Sorted(maps.Keys(t.Seats)) {
			fmt.Fprintf(&b, " --seat %d=TOKEN", s)
		}
	}
	if t.Seed != "" {
		fmt.Fprintf(&b, " --seed %s", shellQuote(t.Seed))
	}
	if t.DeadlineMS > 0 {
		fmt.Fprintf(&b, " --deadline-ms %d", t.DeadlineMS)
	}
	if t.TableSize > 0 {
		fmt.Fprintf(&b, " --seats %d", t.TableSize)
	}
	if t.Rounds > 0 && gameOf(t.Game).Rounds {
		fmt.Fprintf(&b, " --rounds %d", t.Rounds)
	}
	if t.MCP != "" {
		fmt.Fprintf(&b, " --mcp %s", shellQuote(t.MCP))
	}
	if t.SeatPolicy != "" {
		fmt.Fprintf(&b, " --seat-policy %s", shellQuote(t.SeatPolicy))
	}
	if t.CheckTimeout > 0 {
		fmt.Fprintf(&b, " --check-timeout %s", t.CheckTimeout)
	}
	if t.RequestTimeout > 0 {
		fmt.Fprintf(&b, " --request-timeout %s", t.RequestTimeout)
	}
	if run.strict {
		b.WriteString(" --strict")
	}
	fmt.Fprintf(&b, " --check %s", shellQuote(check))
	return b.String()
}

// shellQuote quotes s for a POSIX shell: bare when it holds only safe
// characters, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/:=@+%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withReproduce sets Reproduce on every check that found something or
// errored.
func withReproduce(checks []reports.Check, t *conform.Target, run conformRun) {
	for i := range checks {
		if len(checks[i].Findings) > 0 || checks[i].Status == reports.Error {
			checks[i].Reproduce = reproduceCommand(t, run, checks[i].Name)
		}
	}
}

// writeFailedRules closes the console output with the compact list of the
// rules found broken (as h2spec closes its own with its failures), each
// with its findings, checks and how to run its first check again.
func writeFailedRules(w io.Writer, failed []reports.FailedRule) {
	if len(failed) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", reports.FailedRulesHeading(failed))
	for _, f := range failed {
		fmt.Fprintf(w, "  %-6s %s — %s in %s\n", f.Level, inert.String(f.Rule), findingsText(f.Findings), inert.String(strings.Join(f.Checks, "; ")))
		if f.Reproduce != "" {
			fmt.Fprintf(w, "         reproduce: %s\n", inert.String(f.Reproduce))
		}
	}
}

// findingsText is "1 finding" or "N findings".
func findingsText(n int) string {
	if n == 1 {
		return "1 finding"
	}
	return fmt.Sprintf("%d findings", n)
}
