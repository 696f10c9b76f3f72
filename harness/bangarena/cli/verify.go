package cli

import (
	"fmt"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// summary prints the closing line of BangArena logs: text, or a JSON
// object {"summary":…}.
func summary(o gamecli.FindingWriter, sums []games.VerifySummary, notKept int) {
	t, files := gamecli.Totals(sums), len(sums)
	var d baverify.BangArenaSummary
	unknown := 0
	for _, s := range sums {
		sd, _ := s.Detail.(baverify.BangArenaSummary)
		d.Decisions += sd.Decisions
		d.Turns += sd.Turns
		d.Repeats += sd.Repeats
		if s.SeedUnknown {
			unknown++
		}
	}
	gamecli.PrintVerifySummary(o, map[string]any{
		"files": files, "lines": t.Lines, "decisions": d.Decisions, "turns": d.Turns, "must": t.Must,
		"should": t.Should, "info": t.Info, "repeats": d.Repeats, "inconclusive": t.Inconclusive, "seed_unknown": unknown, "not_kept": notKept,
	}, fmt.Sprintf("umpire verify: %d file(s), %d line(s), %d turn(s), %d decision(s): %d MUST, %d SHOULD, %d INFO finding(s)%s, %d inconclusive line(s)",
		files, t.Lines, d.Turns, d.Decisions, t.Must, t.Should, t.Info, gamecli.NotKeptText(notKept), t.Inconclusive))
}

// group prints one BangArena log's findings for people, in line order.
func group(o gamecli.FindingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int {
	d, _ := sum.Detail.(baverify.BangArenaSummary)
	n := gamecli.PrintFindings(o, name, fs, capped, nil, func(f rules.Finding) []string { return gamecli.Place(f, "round", "seat") })
	public := ""
	switch {
	case sum.Public:
		public = ", public log"
	case d.Partial:
		public = ", some seats' streams (I-BA-V10)"
	}
	o.Printf("  %s: %d line(s)%s, %d turn(s), %d decision(s) replayed, %d MUST, %d SHOULD, %d INFO, %d repeat(s) not reported, %d inconclusive\n",
		gamecli.Verdict(sum), sum.Lines, public, d.Turns, d.Decisions, sum.Must, sum.Should, sum.Info, d.Repeats, sum.Inconclusive)
	if d.Unseen != "" {
		o.Printf("  inconclusive from there: %s\n", inert.String(d.Unseen))
	}
	return n
}
