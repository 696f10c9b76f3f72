package cli

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// group prints one file's findings for people, grouped per round (findings
// of the match as a whole first), in line order within a round.
func group(o gamecli.FindingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Where.Round != fs[j].Where.Round {
			return fs[i].Where.Round < fs[j].Where.Round
		}
		return fs[i].Where.Line < fs[j].Where.Line
	})
	o.Printf("%s\n", inert.String(name))
	round := -1
	for _, f := range fs {
		if f.Where.Round != round {
			round = f.Where.Round
			if round == 0 {
				o.Printf("  match:\n")
			} else {
				o.Printf("  round %d:\n", round)
			}
		}
		var at []string
		if f.Where.Turn != nil {
			at = append(at, fmt.Sprintf("turn %d", *f.Where.Turn))
		}
		if f.Where.Seat != nil {
			at = append(at, fmt.Sprintf("seat %d", *f.Where.Seat))
		}
		o.Finding(f.Where.Line, at, f)
	}
	n := o.NotKept(name, capped)
	verdict := "conforms"
	if sum.Must > 0 {
		verdict = "does not conform"
	}
	public := ""
	if sum.Public {
		public = ", public log"
	}
	o.Printf("  %s: %d line(s), %d round(s)%s, %d MUST, %d SHOULD, %d INFO, %d inconclusive, %d deal(s) re-derived\n",
		verdict, sum.Lines, sum.Units, public, sum.Must, sum.Should, sum.Info, sum.Inconclusive, sum.Rederived)
	return n
}

// summary prints the closing line of Inference logs: text, or a JSON
// object {"summary":…}.
func summary(o gamecli.FindingWriter, sums []games.VerifySummary, notKept int) {
	var t games.VerifySummary
	for _, s := range sums {
		t.Lines += s.Lines
		t.Units += s.Units
		t.Must += s.Must
		t.Should += s.Should
		t.Info += s.Info
		t.Inconclusive += s.Inconclusive
		t.Rederived += s.Rederived
	}
	files := len(sums)
	if o.JSON() {
		b, _ := json.Marshal(map[string]any{"summary": map[string]any{
			"files": files, "lines": t.Lines, "rounds": t.Units, "must": t.Must, "should": t.Should,
			"info": t.Info, "inconclusive": t.Inconclusive, "deals_rederived": t.Rederived, "not_kept": notKept,
		}})
		o.Printf("%s\n", b)
		return
	}
	o.Printf("umpire verify: %d file(s), %d line(s), %d round(s): %d MUST, %d SHOULD, %d INFO finding(s)%s, %d inconclusive check(s)\n",
		files, t.Lines, t.Units, t.Must, t.Should, t.Info, gamecli.NotKeptText(notKept), t.Inconclusive)
}
