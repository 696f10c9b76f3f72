package verify

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// basePublic plays a match as baForeign does (with cfg's deviations, if
// any) and returns its public log: the events a spectator was shown.
func basePublic(t testing.TB, cfg ba.Config, i int) []byte {
	t.Helper()
	g, err := ba.NewGameWith(cfg, fmt.Sprintf("foreign-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xf0))))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(i), 2))
	for n := 0; !g.Over(); n++ {
		if n > 20000 {
			t.Fatal("no end")
		}
		g.PlayRandom(r)
	}
	return ba.EncodeLog(g.View(-1).Events)
}

var publicConfigs = []ba.Config{{Seats: 4}, {Seats: 5, RoleMode: ba.ModeImpostor}, {Seats: 6, RoleMode: ba.ModeLegacy}, {Seats: 7, StagedCharacters: true}, {Seats: 8, RoleMode: ba.ModePartners}, {Seats: 6}}

// TestBangArenaPublicLog (issue 27, I-BA-V9): a public log of a correct
// room — no role, no decision, no card of a draw — is judged as a
// spectator sees it, past every card nobody saw: no MUST or SHOULD, most
// lines judged, and where the replay stops it says why.
func TestBangArenaPublicLog(t *testing.T) {
	lines, judged := 0, 0
	whys := map[string]int{}
	digits := regexp.MustCompile(`[0-9]+`)
	for i := range 60 {
		cfg := publicConfigs[i%len(publicConfigs)]
		log := basePublic(t, cfg, 3000+i)
		fs, sum := baVerify(t, log, BangArenaOptions{Shown: ShownIn(log)})
		if !sum.Public || sum.Must != 0 || sum.Should != 0 {
			t.Errorf("match %d %+v: public %v, findings %v", i, cfg, sum.Public, fs)
		}
		for _, f := range fs {
			if f.Level != rules.Info {
				t.Errorf("match %d: %v", i, f)
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
	t.Logf("60 public logs: %d of %d lines judged (%.0f%%); stopped at: %v", judged, lines, 100*float64(judged)/float64(lines), whys)
	if judged*10 < lines*7 {
		t.Errorf("only %d of %d lines judged", judged, lines)
	}
}

// publicPlay is foreignPlay's match (the same chance and decisions with
// and without a deviation) as its public log.
func publicPlay(t *testing.T, cfg ba.Config, i int) []byte {
	g, err := ba.NewGameWith(cfg, fmt.Sprintf("fx-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xf0))))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, uint64(i)))
	for n := 0; !g.Over() && n < 20000; n++ {
		g.PlayRandom(r)
	}
	return ba.EncodeLog(g.View(-1).Events)
}

// TestBangArenaPublicDeviations (I-BA-V9): an engine-played fault in a
// deterministic consequence shows in a public log after cards nobody saw
// (every hand is unseen there, from the deal on), and is still charged to
// the rule it breaks, alone; the same room played right has no MUST.
func TestBangArenaPublicDeviations(t *testing.T) {
	deviationsCaught(t, "public logs", publicPlay)
}

// deviationsCaught plays rooms with and without each of five engine faults
// in a deterministic consequence, as play records them (a public log, some
// seats' streams), and wants each fault charged to the rule it breaks,
// alone, in three rooms where it shows, and no MUST of the rooms played
// right.
func deviationsCaught(t *testing.T, what string, play func(t *testing.T, cfg ba.Config, i int) []byte) {
	t.Helper()
	for _, tc := range []struct {
		dev, rule string
		cfg       ba.Config
	}{
		{ba.DevShotTwoDamage, "bangarena/5.shot", ba.Config{Seats: 5}},
		{ba.DevRaidTwoDamage, "bangarena/5.raid", ba.Config{Seats: 5}},
		{ba.DevDrawThree, "bangarena/3.draw-two", ba.Config{Seats: 5}},
		{ba.DevNoGloryStar, "bangarena/9.glory-star", ba.Config{Seats: 5}},
		{ba.DevWeaponReplacedLost, "bangarena/5.weapon", ba.Config{Seats: 5}},
	} {
		caught, tried := 0, 0
		for i := 0; i < 60 && caught < 3; i++ {
			c := tc.cfg
			right := play(t, c, i)
			c.Deviations = rules.DeviationsOf(tc.dev)
			wrong := play(t, c, i)
			if string(right) == string(wrong) {
				continue
			}
			rfs, rsum := baVerify(t, right, BangArenaOptions{Shown: ShownIn(right)})
			if rsum.Must+rsum.Should > 0 {
				t.Fatalf("%s, match %d played right: %v", tc.dev, i, rfs)
			}
			tried++
			fs, _ := baVerify(t, wrong, BangArenaOptions{Shown: ShownIn(wrong)})
			var must []string
			for _, f := range fs {
				if f.Level == rules.Must {
					must = append(must, f.Rule)
				}
			}
			switch {
			case len(must) == 1 && must[0] == tc.rule:
				caught++
			case len(must) > 0:
				t.Errorf("%s, match %d: charged to %v, want %s alone", tc.dev, i, must, tc.rule)
			}
		}
		t.Logf("%s: caught alone in %d of %d %s where it shows", tc.dev, caught, tried, what)
		if caught == 0 {
			t.Errorf("%s: never caught (%d %s where it shows)", tc.dev, tried, what)
		}
	}
}

// TestBangArenaPublicImpossibleCard (I-BA-V9): in a public log, a seat
// playing a card it could not have drawn — one on the discard pile since
// before the last reshuffle (a second copy of it), or no card of the pack —
// is a MUST under bangarena/5.deck on that line, alone; the log unchanged
// has none.
func TestBangArenaPublicImpossibleCard(t *testing.T) {
	tried := 0
	for i := 0; i < 30 && tried < 5; i++ {
		log := basePublic(t, ba.Config{Seats: 5}, 3100+i)
		evs, err := ba.DecodeLog(log)
		if err != nil {
			t.Fatal(err)
		}
		first, second := -1, -1
		for k, e := range evs {
			if e.Type == "reshuffle" {
				first = -1
			}
			if e.Type == "card_played" && e.Command == "play_shot" {
				if first < 0 {
					first = k
				} else if e.Seat != evs[first].Seat {
					second = k
					break
				}
			}
		}
		if second < 0 {
			continue
		}
		// The line must be judged in the unchanged log.
		if _, sum := baVerify(t, log, BangArenaOptions{Shown: ShownIn(log)}); sum.Must > 0 || sum.Unseen != "" && sum.Lines-sum.Inconclusive <= second {
			continue
		}
		tried++
		for _, uid := range []string{evs[first].UID, "shot_99"} {
			bad := slices.Clone(evs)
			bad[second].UID = uid
			data := ba.EncodeLog(bad)
			fs, _ := baVerify(t, data, BangArenaOptions{Shown: ShownIn(data)})
			var must []rules.Finding
			for _, f := range fs {
				if f.Level == rules.Must {
					must = append(must, f)
				}
			}
			if len(must) != 1 || must[0].Rule != "bangarena/5.deck" || must[0].Where.Line != second+1 {
				t.Errorf("match %d, %s played at line %d: MUST %v, want bangarena/5.deck there alone", i, uid, second+1, must)
			}
		}
	}
	if tried < 3 {
		t.Fatalf("only %d fixtures", tried)
	}
}
