package cli

import (
	"fmt"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
)

// group prints one file's findings for people, grouped per round (findings
// of the match as a whole first), in line order within a round.
func group(o gamecli.FindingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int {
	n := gamecli.PrintFindings(o, name, fs, capped, roundOf, func(f rules.Finding) []string { return gamecli.Place(f, "turn", "seat") })
	public := ""
	if sum.Public {
		public = ", public log"
	}
	o.Printf("  %s: %d line(s), %d round(s)%s, %d MUST, %d SHOULD, %d INFO, %d inconclusive, %d deal(s) re-derived\n",
		gamecli.Verdict(sum), sum.Lines, sum.Units, public, sum.Must, sum.Should, sum.Info, sum.Inconclusive, sum.Rederived)
	return n
}

// roundOf is a finding's section of verify's text: its round, 0 (the
// match) first.
func roundOf(f rules.Finding) (int, string) {
	if f.Where.Round == 0 {
		return 0, "  match:"
	}
	return f.Where.Round, fmt.Sprintf("  round %d:", f.Where.Round)
}

// summary prints the closing line of Inference logs: text, or a JSON
// object {"summary":…}.
func summary(o gamecli.FindingWriter, sums []games.VerifySummary, notKept int) {
	t, files := gamecli.Totals(sums), len(sums)
	gamecli.PrintVerifySummary(o, map[string]any{
		"files": files, "lines": t.Lines, "rounds": t.Units, "must": t.Must, "should": t.Should,
		"info": t.Info, "inconclusive": t.Inconclusive, "deals_rederived": t.Rederived, "not_kept": notKept,
	}, fmt.Sprintf("umpire verify: %d file(s), %d line(s), %d round(s): %d MUST, %d SHOULD, %d INFO finding(s)%s, %d inconclusive check(s)",
		files, t.Lines, t.Units, t.Must, t.Should, t.Info, gamecli.NotKeptText(notKept), t.Inconclusive))
}
