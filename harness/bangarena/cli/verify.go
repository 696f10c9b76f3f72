package cli

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// summary prints the closing line of BangArena logs: text, or a JSON
// object {"summary":…}.
func summary(o gamecli.FindingWriter, sums []games.VerifySummary, notKept int) {
	var t baverify.BangArenaSummary
	unknown := 0
	for _, s := range sums {
		d, _ := s.Detail.(baverify.BangArenaSummary)
		t.Lines += s.Lines
		t.Decisions += d.Decisions
		t.Turns += d.Turns
		t.Must += s.Must
		t.Should += s.Should
		t.Info += s.Info
		t.Repeats += d.Repeats
		t.Inconclusive += s.Inconclusive
		if s.SeedUnknown {
			unknown++
		}
	}
	if o.JSON() {
		b, _ := json.Marshal(map[string]any{"summary": map[string]any{
			"files": len(sums), "lines": t.Lines, "decisions": t.Decisions, "turns": t.Turns, "must": t.Must,
			"should": t.Should, "info": t.Info, "repeats": t.Repeats, "inconclusive": t.Inconclusive, "seed_unknown": unknown, "not_kept": notKept,
		}})
		o.Printf("%s\n", b)
		return
	}
	o.Printf("umpire verify: %d file(s), %d line(s), %d turn(s), %d decision(s): %d MUST, %d SHOULD, %d INFO finding(s)%s, %d inconclusive line(s)\n",
		len(sums), t.Lines, t.Turns, t.Decisions, t.Must, t.Should, t.Info, gamecli.NotKeptText(notKept), t.Inconclusive)
}

// group prints one BangArena log's findings for people, in line order.
func group(o gamecli.FindingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int {
	d, _ := sum.Detail.(baverify.BangArenaSummary)
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Where.Line < fs[j].Where.Line })
	o.Printf("%s\n", inert.String(name))
	for _, f := range fs {
		var at []string
		if f.Where.Round > 0 {
			at = append(at, fmt.Sprintf("round %d", f.Where.Round))
		}
		if f.Where.Seat != nil {
			at = append(at, fmt.Sprintf("seat %d", *f.Where.Seat))
		}
		o.Finding(f.Where.Line, at, f)
	}
	n := o.NotKept(name, capped)
	verdict := "conforms"
	switch {
	case sum.Must > 0:
		verdict = "does not conform"
	case sum.SeedUnknown:
		verdict = "not verified (seed unknown)"
	}
	public := ""
	switch {
	case sum.Public:
		public = ", public log"
	case d.Partial:
		public = ", some seats' streams (I-BA-V10)"
	}
	o.Printf("  %s: %d line(s)%s, %d turn(s), %d decision(s) replayed, %d MUST, %d SHOULD, %d INFO, %d repeat(s) not reported, %d inconclusive\n",
		verdict, sum.Lines, public, d.Turns, d.Decisions, sum.Must, sum.Should, sum.Info, d.Repeats, sum.Inconclusive)
	if d.Unseen != "" {
		o.Printf("  inconclusive from there: %s\n", inert.String(d.Unseen))
	}
	return n
}
