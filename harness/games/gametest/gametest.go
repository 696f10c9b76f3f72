package gametest

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/schemas"
)

// Options sizes TestGame.
type Options struct {
	// Matches is how many self-played matches are logged and judged, and
	// how many engine self-checks run (default 3).
	Matches int
	// Seed names the run (default "gametest").
	Seed string
}

// Invariant is one invariant every game must hold.
type Invariant struct {
	Name string
	// Check returns what g breaks of it, one line each (none: it holds).
	Check func(g *games.Game, o Options) []string
}

// Invariants lists every invariant, in the order TestGame runs them.
func Invariants() []Invariant {
	return []Invariant{
		{"facts", func(g *games.Game, _ Options) []string { return checkFacts(g) }},
		{"rules-are-its-own", func(g *games.Game, _ Options) []string { return checkRules(g) }},
		{"faults-break-its-rules", func(g *games.Game, _ Options) []string { return checkFaults(g) }},
		{"dialects", func(g *games.Game, _ Options) []string { return checkDialects(g) }},
		{"engine-self-check", checkSelfPlay},
		{"logs", checkLogs},
	}
}

// TestGame runs every invariant over g, each in a subtest named after it.
func TestGame(t *testing.T, g *games.Game, o Options) {
	t.Helper()
	for _, inv := range Invariants() {
		t.Run(inv.Name, func(t *testing.T) {
			for _, p := range inv.Check(g, o.withDefaults()) {
				t.Error(p)
			}
		})
	}
}

func (o Options) withDefaults() Options {
	if o.Matches <= 0 {
		o.Matches = 3
	}
	if o.Seed == "" {
		o.Seed = "gametest"
	}
	return o
}

func checkSelfPlay(g *games.Game, o Options) []string {
	o = o.withDefaults()
	var out []string
	for i := range o.Matches {
		if err := g.SelfCheck(fmt.Sprintf("%s-%d", o.Seed, i), i); err != nil {
			out = append(out, fmt.Sprintf("self-play %d: %v", i, err))
		}
	}
	return out
}

func checkFacts(g *games.Game) (out []string) {
	f := g.Facts
	if f.Name == "" || f.Name != strings.ToLower(f.Name) || strings.ContainsAny(f.Name, "/ :") {
		out = append(out, fmt.Sprintf("name %q: want a lower-case word (it prefixes rule ids)", f.Name))
	}
	if f.Title == "" || len(f.RulesVersions) == 0 || f.Score == "" || f.MatchNoun == "" {
		out = append(out, fmt.Sprintf("%s: title %q, rules versions %v, score %q, match noun %q: each must be set", f.Name, f.Title, f.RulesVersions, f.Score, f.MatchNoun))
	}
	if !(1 <= f.MinSeats && f.MinSeats <= f.DefaultSeats && f.DefaultSeats <= f.MaxSeats) {
		out = append(out, fmt.Sprintf("%s: seats min %d, default %d, max %d out of order", f.Name, f.MinSeats, f.DefaultSeats, f.MaxSeats))
	}
	if f.ConformSeats < f.MinSeats || f.ConformSeats > f.MaxSeats {
		out = append(out, fmt.Sprintf("%s: conform seats %d outside [%d, %d]", f.Name, f.ConformSeats, f.MinSeats, f.MaxSeats))
	}
	return out
}

// ownRule reports what is wrong with id as a rule of game name: empty when
// it is one of the catalogue's, of this game.
func ownRule(name, id string) string {
	if !strings.HasPrefix(id, name+"/") {
		return "not a rule of " + name
	}
	if _, ok := rules.Default().Lookup(id); !ok {
		return "not in the catalogue"
	}
	return ""
}

func checkRules(g *games.Game) (out []string) {
	name := g.Name
	checks := g.Checks()
	if len(checks) == 0 {
		return append(out, fmt.Sprintf("%s: no conformance checks", name))
	}
	seen := map[string]bool{}
	for _, c := range checks {
		if c.Name == "" || seen[c.Name] {
			out = append(out, fmt.Sprintf("check %q: empty or repeated name", c.Name))
		}
		seen[c.Name] = true
		if c.Game != name {
			out = append(out, fmt.Sprintf("check %q is of game %q", c.Name, c.Game))
		}
		for _, id := range c.Rules {
			if why := ownRule(name, id); why != "" {
				out = append(out, fmt.Sprintf("check %q names rule %s: %s", c.Name, id, why))
			}
		}
	}
	for check, id := range g.CertifyRules() {
		if why := ownRule(name, id); why != "" {
			out = append(out, fmt.Sprintf("certify check %q names rule %s: %s", check, id, why))
		}
	}
	for _, id := range g.VerifyRules() {
		if why := ownRule(name, id); why != "" {
			out = append(out, fmt.Sprintf("the log verifier names rule %s: %s", id, why))
		}
	}
	return out
}

func checkFaults(g *games.Game) []string { return faultsIn(g.Name, conform.BuildManifest().Rules) }

// faultsIn is checkFaults over the manifest's entries: every fault of game
// name breaks a catalogued rule of its own that is not INFO, and there is one.
func faultsIn(name string, entries []conform.ManifestEntry) (out []string) {
	n := 0
	for _, e := range entries {
		for _, f := range e.Faults {
			game, fault, _ := strings.Cut(f, ":")
			if game != name {
				continue
			}
			n++
			if why := ownRule(name, e.ID); why != "" {
				out = append(out, fmt.Sprintf("fault %s breaks rule %s: %s", fault, e.ID, why))
			}
			if e.Level == rules.Info {
				out = append(out, fmt.Sprintf("fault %s breaks %s, an INFO rule: nothing could fail it", fault, e.ID))
			}
		}
	}
	if n == 0 {
		out = append(out, fmt.Sprintf("%s: the embedded server has no fault: nothing proves a check can fail", name))
	}
	return out
}

func checkDialects(g *games.Game) (out []string) {
	for _, d := range g.Dialects() {
		got, err := g.ParseDialects(d)
		if err != nil || len(got) != 1 || got[0] != d {
			out = append(out, fmt.Sprintf("dialect %q parses as %v, %v", d, got, err))
		}
	}
	if _, err := g.ParseDialects("no-such-dialect-anywhere"); err == nil {
		out = append(out, "an unknown dialect is accepted")
	}
	return out
}

func checkLogs(g *games.Game, o Options) (out []string) {
	o = o.withDefaults()
	ctx := context.Background()
	set, err := schemas.Compile()
	if err != nil {
		return append(out, err.Error())
	}
	for i := range o.Matches {
		id := fmt.Sprintf("%s-log-%d", o.Seed, i)
		logs, err := g.SampleLogs(ctx, id, fmt.Sprintf("%s-%d", o.Seed, i), i)
		if err != nil {
			return append(out, fmt.Sprintf("match %d: %v", i, err))
		}
		if len(logs) == 0 {
			return append(out, fmt.Sprintf("match %d: no log", i))
		}
		for _, l := range logs {
			what := fmt.Sprintf("match %d, %s", i, l.What)
			lines := bytes.Split(bytes.TrimRight(l.Data, "\n"), []byte("\n"))
			for n, line := range lines {
				if kind, vs := set.ValidateAuto(g.Name, line); len(vs) > 0 {
					out = append(out, fmt.Sprintf("%s line %d (%s): %v", what, n+1, kind, vs[0]))
					break
				}
			}
			sum, found := judge(ctx, g, l.Data, false)
			if sum.Err != nil || sum.Units == 0 || len(found) > 0 {
				out = append(out, fmt.Sprintf("%s: the judge does not accept self-play: %d judged, error %v, findings %v", what, sum.Units, sum.Err, found))
			}
			// Cut after the first third of its lines: a judge that waits
			// for the match's end must say the log stops early.
			cut := bytes.Join(lines[:max(1, len(lines)/3)], []byte("\n"))
			if sum, found := judge(ctx, g, cut, false); sum.Err == nil && len(found) == 0 {
				out = append(out, fmt.Sprintf("%s cut to %d of %d lines: no finding, no error", what, max(1, len(lines)/3), len(lines)))
			}
			if sum, found := judge(ctx, g, cut, true); sum.Err != nil || len(found) > 0 {
				out = append(out, fmt.Sprintf("%s cut short, judged as unfinished: error %v, findings %v", what, sum.Err, found))
			}
		}
	}
	return out
}

// judged is what one replay gave.
type judged struct {
	Units int
	Err   error
}

// judge replays data through g's verifier and returns its MUST and SHOULD
// findings.
func judge(ctx context.Context, g *games.Game, data []byte, unfinished bool) (judged, []string) {
	var found []string
	sum, err := g.Verify(ctx, bytes.NewReader(data), games.VerifyOptions{File: "gametest.jsonl", Unfinished: unfinished}, func(f rules.Finding) {
		if f.Level == rules.Must || f.Level == rules.Should {
			found = append(found, f.Rule+": "+f.Message)
		}
	})
	return judged{Units: sum.Units, Err: err}, found
}
