package verify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/judge"
	"github.com/umpire-arena/umpire/referee/rules"
)

// seatsPlay plays a match as publicPlay does and returns what the seats
// 0..k-1 were shown, merged into one log (their streams, no room log).
func seatsPlay(t testing.TB, cfg ba.Config, i, k int) []byte {
	t.Helper()
	g, err := ba.NewGameWith(cfg, fmt.Sprintf("fx-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xf0))))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, uint64(i)))
	for n := 0; !g.Over(); n++ {
		if n > 20000 {
			t.Fatal("no end")
		}
		g.PlayRandom(r)
	}
	var streams [][]ba.Event
	for s := range k {
		streams = append(streams, g.View(s).Events)
	}
	return ba.EncodeLog(judge.MergeEvents(streams...))
}

// TestBangArenaSeatsLog (issue 27, I-BA-V10): the streams of some seats of
// a correct room merged — one seat, half of them, all but one — are judged
// as those seats saw the match together: no MUST or SHOULD, most lines
// judged, and where the replay stops it says why. (Before, a log of some
// seats was read as a full one: every room failed on its first hidden
// role, 2-4 % of lines judged.)
func TestBangArenaSeatsLog(t *testing.T) {
	digits := regexp.MustCompile(`[0-9]+`)
	for _, part := range []struct {
		name string
		k    func(n int) int
		min  int // percent of lines judged at least
	}{
		{"one seat", func(int) int { return 1 }, 75},
		{"half the seats", func(n int) int { return n / 2 }, 80},
		{"all seats but one", func(n int) int { return n - 1 }, 90},
	} {
		t.Run(part.name, func(t *testing.T) {
			lines, judged := 0, 0
			whys := map[string]int{}
			for i := range 30 {
				cfg := publicConfigs[i%len(publicConfigs)]
				log := seatsPlay(t, cfg, 4000+i, part.k(cfg.Seats))
				fs, sum := baVerify(t, log, BangArenaOptions{Shown: ShownIn(log)})
				if !sum.Partial || sum.Public {
					t.Errorf("match %d %+v: partial %v, public %v; want a partial log", i, cfg, sum.Partial, sum.Public)
				}
				for _, f := range fs {
					if f.Level != rules.Info {
						t.Errorf("match %d %+v: %v", i, cfg, f)
					}
				}
				if sum.Inconclusive > 0 && sum.Unseen == "" {
					t.Errorf("match %d: %d lines inconclusive, and no reason", i, sum.Inconclusive)
				}
				lines += sum.Lines
				judged += sum.Lines - sum.Inconclusive
				if sum.Unseen != "" {
					whys[digits.ReplaceAllString(sum.Unseen, "N")]++
				}
			}
			t.Logf("30 logs of %s: %d of %d lines judged (%.0f%%); stopped at: %v", part.name, judged, lines, 100*float64(judged)/float64(lines), whys)
			if judged*100 < lines*part.min {
				t.Errorf("only %d of %d lines judged, want %d%% at least", judged, lines, part.min)
			}
		})
	}
}

// TestBangArenaSeatsDeviations (I-BA-V10): an engine-played fault in a
// deterministic consequence shows in the merged streams of half the seats,
// and is charged to the rule it breaks, alone; the same room played right
// has no MUST.
func TestBangArenaSeatsDeviations(t *testing.T) {
	deviationsCaught(t, "logs of half the seats", func(t *testing.T, cfg ba.Config, i int) []byte {
		return seatsPlay(t, cfg, i, cfg.Seats/2)
	})
}

// TestVerifyEvidence: the streams of half the seats of correct rooms, each
// ending at another point (as observations stop), gathered and cut at their
// horizon, are judged with no finding; no rule of a log's own form is
// judged or counted, and the play's rules are.
func TestVerifyEvidence(t *testing.T) {
	for i := range 12 {
		cfg := publicConfigs[i%len(publicConfigs)]
		g, err := ba.NewGameWith(cfg, fmt.Sprintf("ev-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xe1))))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; !g.Over() && n < 20000; n++ {
			g.PlayRandom(r)
		}
		var src judge.Sources
		src.Config.Seats, src.Config.RoleMode, src.Config.StagedCharacters = cfg.Seats, cfg.RoleMode, cfg.StagedCharacters
		for s := range cfg.Seats / 2 {
			evs := g.View(s).Events
			evs = evs[:len(evs)-s*7%len(evs)] // observations stop at other points
			src.Seats = append(src.Seats, judge.SeatStream{Seat: s, Events: [][]ba.Event{evs}})
		}
		ev := judge.Gather(src).Until(judge.Horizon(src.Seats))
		var fs []rules.Finding
		sum, err := VerifyEvidence(context.Background(), ev, "streams", func(f rules.Finding) { fs = append(fs, f) })
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) > 0 {
			t.Errorf("room %d %+v: %v", i, cfg, fs)
		}
		for id := range sum.Evaluated {
			if r, _ := rules.Default().Lookup(id); r.Area() == "log" {
				t.Errorf("room %d: a log rule %s was counted", i, id)
			}
		}
		if sum.Evaluated["bangarena/3.draw-two"] == 0 {
			t.Errorf("room %d: 3.draw-two not judged (evaluated %v)", i, sum.Evaluated)
		}
	}
}
