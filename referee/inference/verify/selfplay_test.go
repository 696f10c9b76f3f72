package verify

import (
	"fmt"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// selfPlayGen returns the self-play match of seed i: table sizes 3–8,
// small stacks (busts, all-ins, side pots), timeouts and a flaky seat.
func selfPlayGen(i int) gen {
	cfg := ref.DefaultConfig()
	cfg.TableSize = 3 + i%6
	cfg.StartingCredits = 20 + (i*7)%90
	cfg.Rounds = 10 + (i*13)%50
	if i%4 == 3 {
		// Other settings a server may run with.
		cfg.Ante = 1 + i%3
		cfg.AnteRamp = ref.AnteRamp{FromRound: 2 + i%9, EveryRounds: 1 + i%5, Step: i % 3}
		cfg.MinRaise, cfg.MaxRaise = 1+i%2, 3+i%9
		cfg.MaxRaisesPerRound = i % 5
		cfg.MaxConsecutiveTimeouts = 1 + i%3
		cfg.SitOutRounds = i % 4
		cfg.MaxMessageChars = 30
	}
	return gen{cfg: cfg, seed: fmt.Sprintf("self-%d", i), timeoutP: 0.04, flaky: i % cfg.TableSize, flakyP: 0.45, msgP: 0.2}
}

func TestSelfPlayLogsVerifyClean(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 40
	}
	for i := range seeds {
		g := selfPlayGen(i)
		log, _ := g.play(t)
		fs, sum := verifyAll(t, log, Options{File: g.seed})
		if len(fs) != 0 {
			t.Fatalf("seed %s: %d findings on an engine log, want 0:%s", g.seed, len(fs), describe(fs[:min(len(fs), 10)]))
		}
		if !sum.Ended || sum.Public || sum.DealsRederived == 0 {
			t.Fatalf("seed %s: summary %+v: want an ended full log with deals re-derived", g.seed, sum)
		}
	}
}

func TestPublicLogsHaveNoMustFinding(t *testing.T) {
	seeds := 150
	if testing.Short() {
		seeds = 20
	}
	inconclusive := 0
	for i := range seeds {
		g := selfPlayGen(i)
		g.public = true
		log, _ := g.play(t)
		fs, sum := verifyAll(t, log, Options{File: g.seed})
		if sum.Must != 0 || len(fs) != 0 {
			t.Fatalf("seed %s: public log gives findings, want none:%s", g.seed, describe(fs[:min(len(fs), 10)]))
		}
		if !sum.Public || sum.Inconclusive == 0 || sum.InconclusiveByRule["inference/round.1.deal"] == 0 {
			t.Fatalf("seed %s: summary %+v: want a public log with inconclusive deal checks", g.seed, sum)
		}
		inconclusive += sum.Inconclusive
	}
	t.Logf("%d public logs: %d inconclusive checks", seeds, inconclusive)
}

// TestPublicLogOfFixture: the fixture's public twin (testdata/public.jsonl)
// verifies clean, re-deriving the revealed values from the seed.
func TestPublicLogOfFixture(t *testing.T) {
	log, _ := golden(t)
	pub := stripDeals(log)
	fs, sum := verifyAll(t, pub, Options{File: "public.jsonl"})
	if len(fs) != 0 {
		t.Fatalf("%d findings:%s", len(fs), describe(fs))
	}
	if !sum.Public || sum.Inconclusive == 0 || sum.DealsRederived == 0 {
		t.Errorf("summary %+v: want public, inconclusive deals, revealed values re-derived", sum)
	}
	// A revealed value that is not the deal of the seed is caught in a
	// public log too.
	lines := splitLines(pub)
	i := find(t, lines, 1, func(_ int, e ref.Event) bool { return e.Type == ref.EventShowdown && !e.Uncontested })
	e := ev(t, lines, i)
	e.Reveals[0].Value = e.Reveals[0].Value%100 + 1
	put(lines, i, e)
	fs, _ = verifyAll(t, joinLines(lines), Options{File: "public.jsonl"})
	found := false
	for _, f := range fs {
		if f.Rule == "inference/protocol.deal-function" && f.Where.Line == i+1 {
			found = true
		}
	}
	if !found {
		t.Errorf("a changed reveal in a public log: findings%s\nwant inference/protocol.deal-function at line %d", describe(fs), i+1)
	}
}

func TestDealModes(t *testing.T) {
	log, _ := golden(t)
	lines := splitLines(log)
	// A foreign deal function: the log's values are not umpire's.
	foreign := append([]string(nil), lines...)
	for i := range foreign {
		e := ev(t, foreign, i)
		if e.Type == ref.EventDealPrivate {
			e.Value = 101 - e.Value
			put(foreign, i, e)
		}
	}
	named := append([]string(nil), lines...)
	named[0] = strings.Replace(named[0], `"seed_commit"`, `"deal":"`+DealFunction+`","seed_commit"`, 1)
	other := append([]string(nil), lines...)
	other[0] = strings.Replace(other[0], `"seed_commit"`, `"deal":"someone-elses","seed_commit"`, 1)
	tests := []struct {
		name      string
		lines     []string
		mode      DealMode
		rederived bool
	}{
		{"auto recognises umpire's deals", lines, DealAuto, true},
		{"named in match_start", named, DealAuto, true},
		{"another deal function named", other, DealAuto, false},
		{"forced off", lines, DealOther, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, sum := verifyAll(t, joinLines(tc.lines), Options{Deal: tc.mode})
			if len(fs) != 0 {
				t.Fatalf("findings:%s", describe(fs))
			}
			if got := sum.DealsRederived > 0; got != tc.rederived {
				t.Errorf("deals re-derived: %v (%+v), want %v", got, sum, tc.rederived)
			}
			if !tc.rederived && sum.InconclusiveByRule["inference/protocol.deal-function"] == 0 {
				t.Errorf("deals not re-derived but not counted inconclusive: %+v", sum)
			}
		})
	}
	// In the foreign log the showdowns reveal other values than the deals,
	// so only deal findings are looked at: auto mode counts the deals
	// inconclusive, forced mode reports them.
	fs, sum := verifyAll(t, joinLines(foreign), Options{})
	for _, f := range fs {
		if f.Rule == "inference/protocol.deal-function" {
			t.Errorf("auto mode reports a foreign deal function: %s", f)
		}
	}
	if sum.InconclusiveByRule["inference/protocol.deal-function"] == 0 {
		t.Errorf("foreign deals not counted inconclusive: %+v", sum)
	}
	fs, _ = verifyAll(t, joinLines(foreign), Options{Deal: DealUmpire})
	n := 0
	for _, f := range fs {
		if f.Rule == "inference/protocol.deal-function" {
			n++
		}
	}
	if n == 0 {
		t.Errorf("forced umpire mode: no deal-function finding on foreign deals")
	}
}

// TestEveryoneTimesOut: tables where every seat lets every turn time out,
// so seats sit out together and rounds with one or no live seat happen
// (I-INF-10); the logs verify clean.
func TestEveryoneTimesOut(t *testing.T) {
	zero := 0
	for i := range 30 {
		cfg := ref.DefaultConfig()
		cfg.TableSize = 3 + i%3
		cfg.Rounds = 30
		g := gen{cfg: cfg, seed: fmt.Sprintf("idle-%d", i), timeoutP: 0.9, flaky: -1, msgP: 0.1}
		log, _ := g.play(t)
		zero += strings.Count(string(log), `"dealt_in":[]`)
		if fs, _ := verifyAll(t, log, Options{File: g.seed}); len(fs) != 0 {
			t.Fatalf("seed %s:%s", g.seed, describe(fs[:min(len(fs), 10)]))
		}
	}
	if zero == 0 {
		t.Error("no round without a live seat was played; the test does not test I-INF-10")
	}
}
