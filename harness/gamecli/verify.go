package gamecli

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// FindingWriter is verify's printer of findings, as a game's VerifyGroup
// and VerifySummary use it. Writes after the first failed one are
// dropped; the command reports that error.
type FindingWriter interface {
	// Printf prints to the command's output.
	Printf(format string, args ...any)
	// Finding prints one finding for people at "line N (at…)", with its
	// expected and got values when it has them.
	Finding(line int, at []string, f rules.Finding)
	// NotKept says what a file's Cap counted but did not keep and
	// returns the number of findings not kept.
	NotKept(name string, c *rules.Cap) int
	// JSON says the output is JSON Lines.
	JSON() bool
}

// NotKeptText is the summary's note of the findings counted, not shown.
func NotKeptText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s not kept: over %d of one rule per file)", rules.Thousands(n), rules.MaxKeptPerRule)
}

// Verdict is a log's verdict in verify's text: "does not conform" on a
// MUST finding, "not verified (seed unknown)" when the game's verifier
// needed a seed none given matched, else "conforms".
func Verdict(sum games.VerifySummary) string {
	switch {
	case sum.Must > 0:
		return "does not conform"
	case sum.SeedUnknown:
		return "not verified (seed unknown)"
	}
	return "conforms"
}

// Place names where a finding stands for its line of verify's text, from
// the parts of rules.Where named ("round", "turn", "seat"; a round of 0 is
// the match as a whole and not named): "turn 3", "seat 1".
func Place(f rules.Finding, parts ...string) []string {
	var at []string
	for _, p := range parts {
		switch {
		case p == "round" && f.Where.Round > 0:
			at = append(at, fmt.Sprintf("round %d", f.Where.Round))
		case p == "turn" && f.Where.Turn != nil:
			at = append(at, fmt.Sprintf("turn %d", *f.Where.Turn))
		case p == "seat" && f.Where.Seat != nil:
			at = append(at, fmt.Sprintf("seat %d", *f.Where.Seat))
		}
	}
	return at
}

// PrintFindings prints one log's findings for people: its name, then fs
// in order of section and line, a header line where the section changes
// (section gives a finding's section and that line; nil: one section, no
// header), each finding at its line with its place (at). It returns the
// findings counted and not kept (FindingWriter.NotKept).
func PrintFindings(o FindingWriter, name string, fs []rules.Finding, capped *rules.Cap,
	section func(rules.Finding) (int, string), at func(rules.Finding) []string) int {
	key := func(f rules.Finding) int {
		if section == nil {
			return 0
		}
		k, _ := section(f)
		return k
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if ki, kj := key(fs[i]), key(fs[j]); ki != kj {
			return ki < kj
		}
		return fs[i].Where.Line < fs[j].Where.Line
	})
	o.Printf("%s\n", inert.String(name))
	last := -1
	for _, f := range fs {
		if section != nil {
			if k, header := section(f); k != last {
				last = k
				o.Printf("%s\n", header)
			}
		}
		o.Finding(f.Where.Line, at(f), f)
	}
	return o.NotKept(name, capped)
}

// Totals adds up what every game's summary counts: lines, units,
// findings by level, inconclusive checks, values re-derived.
func Totals(sums []games.VerifySummary) games.VerifySummary {
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
	return t
}

// PrintVerifySummary prints verify's closing line over every log: the
// JSON object {"summary": fields} with JSON output, else text.
func PrintVerifySummary(o FindingWriter, fields map[string]any, text string) {
	if o.JSON() {
		b, _ := json.Marshal(map[string]any{"summary": fields})
		o.Printf("%s\n", b)
		return
	}
	o.Printf("%s\n", text)
}
