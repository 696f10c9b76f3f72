package verify

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baForeign plays a match whose random outcomes come from a generator that
// is not umpire's stream of its seed (a PCG source through FromRand), as a
// server of its own would draw them, and returns its log.
func baForeign(t testing.TB, cfg ba.Config, i int) []byte {
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
	return ba.EncodeLog(g.Log())
}

// TestBangArenaShownChance (I-BA-V8): without its seed, a log of a server
// drawing with its own generator is re-simulated with the random outcomes
// it shows: every line is judged, and it conforms; its seed, given, still
// replays umpire's stream (which it does not follow).
func TestBangArenaShownChance(t *testing.T) {
	for i, cfg := range []ba.Config{{Seats: 4}, {Seats: 5, RoleMode: ba.ModeImpostor}, {Seats: 6, RoleMode: ba.ModeLegacy}, {Seats: 7, StagedCharacters: true}, {Seats: 8, RoleMode: ba.ModePartners}} {
		log := baForeign(t, cfg, i)
		fs, sum := baVerify(t, log, BangArenaOptions{Shown: ShownIn(log)})
		if !sum.ChanceShown || sum.SeedUnknown || sum.Must != 0 || sum.Should != 0 || sum.Inconclusive != 0 || !sum.Ended || sum.Decisions == 0 {
			t.Fatalf("%+v: have %v %+v", cfg, fs, sum)
		}
		if len(fs) != 1 || fs[0].Rule != "bangarena/log.seed" || fs[0].Level != rules.Info {
			t.Fatalf("%+v: findings %v, want the one INFO on the seed", cfg, fs)
		}
		if _, sum := baVerify(t, log, BangArenaOptions{}); !sum.SeedUnknown {
			t.Fatalf("%+v: without Shown the log is not re-simulated, have %+v", cfg, sum)
		}
		if _, sum := baVerify(t, log, BangArenaOptions{Seeds: []string{fmt.Sprintf("foreign-%d", i)}}); sum.ChanceShown || sum.Must == 0 {
			t.Fatalf("%+v: with its seed and not the shown chance the log is replayed from umpire's stream, have %+v", cfg, sum)
		}
		if fs, sum := baVerify(t, log, BangArenaOptions{Seeds: []string{fmt.Sprintf("foreign-%d", i)}, Shown: ShownIn(log)}); !sum.ChanceShown || sum.Must != 0 || sum.Evaluated["bangarena/log.seed"] == 0 {
			t.Fatalf("%+v: with its seed and the shown chance the seed checks the commitment alone, have %v %+v", cfg, fs, sum)
		}
	}
}

// TestBangArenaShownChanceMutations: an outcome the log shows that could
// not have happened is one MUST under the rule of that outcome, on the line
// that shows it, not a cascade.
func TestBangArenaShownChanceMutations(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rule   string
		mutate func(t *testing.T, l []map[string]any) int // returns the 1-based line
	}{
		{"a card drawn twice", "bangarena/5.deck", func(t *testing.T, l []map[string]any) int {
			h := baFind(t, l, func(m map[string]any) bool { return m["type"] == "draw" && m["reason"] == "deal" })
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "draw" && m["reason"] == "draw" })
			l[i]["cards"].([]any)[0] = l[h]["cards"].([]any)[0]
			return i + 1
		}},
		{"a role outside the table", "bangarena/2.role-distribution", func(t *testing.T, l []map[string]any) int {
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "role" && m["roleId"] != "marshal" })
			l[i]["roleId"] = "marshal"
			return 0
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := baLines(t, baForeign(t, ba.Config{Seats: 5}, 77))
			line := tc.mutate(t, lines)
			log := baJoin(lines)
			fs, sum := baVerify(t, log, BangArenaOptions{Shown: ShownIn(log)})
			var must []string
			for _, f := range fs {
				if f.Level == rules.Must {
					must = append(must, fmt.Sprintf("%s@%d", f.Rule, f.Where.Line))
				}
			}
			if len(must) == 0 || !strings.HasPrefix(must[0], tc.rule+"@") || line > 0 && must[0] != fmt.Sprintf("%s@%d", tc.rule, line) {
				t.Fatalf("MUST findings %v (%+v), want %s first (line %d)", must, sum, tc.rule, line)
			}
		})
	}
}

// FuzzBangArenaShownLog: a damaged log of a server with its own generator,
// re-simulated with the chance it shows, gives findings of known rules,
// counted right, and never a panic, whatever outcome it claims.
func FuzzBangArenaShownLog(f *testing.F) {
	lines := bytes.Split(baForeign(f, ba.Config{Seats: 5, RoleMode: ba.ModeImpostor}, 5), []byte("\n"))
	log := bytes.Join(lines[:min(len(lines), 3*fuzzLogLines)], []byte("\n"))
	cat := rules.Default()
	f.Add(lines[1], uint16(1), uint8(2))
	f.Add(lines[40], uint16(41), uint8(2))
	f.Add([]byte(`{"seq":9,"type":"draw","seat":1,"count":1,"reason":"draw","cards":[{"uid":"bomb_01"}]}`), uint16(9), uint8(2))
	f.Add([]byte(""), uint16(60), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, at uint16, how uint8) {
		if len(data) > maxFuzzData {
			t.Skip("longer than maxFuzzData")
		}
		in := baMutateLog(log, int(at), how, data)
		var fs []rules.Finding
		sum, err := VerifyBangArenaReader(context.Background(), bytes.NewReader(in), BangArenaOptions{Unfinished: true, Shown: ShownIn(in)}, func(f rules.Finding) { fs = append(fs, f) })
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if _, ok := cat.Lookup(f.Rule); !ok {
				t.Fatalf("finding cites unknown rule %q", f.Rule)
			}
		}
		if sum.Must+sum.Should+sum.Info != len(fs) {
			t.Fatalf("summary counts %+v for %d findings", sum, len(fs))
		}
	})
}

// baOwn plays a match from umpire's own stream of seed and returns its log.
func baOwn(t testing.TB, cfg ba.Config, seed string, i int) []byte {
	t.Helper()
	g, err := ba.NewGame(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(i), 3))
	for n := 0; !g.Over(); n++ {
		if n > 20000 {
			t.Fatal("no end")
		}
		g.PlayRandom(r)
	}
	return ba.EncodeLog(g.Log())
}

// TestBangArenaShownWithSeed (issue 27's seed policy): with the shown chance
// a matching seed checks the commitment alone and the log is judged with the
// chance it shows, so a server of its own generator conforms with its seed
// given; the chance is compared with umpire's generator only when the
// server declares it (Chance), and then a generator of its own is one
// finding under the pin bangarena/log.chance and nothing else.
func TestBangArenaShownWithSeed(t *testing.T) {
	for i, cfg := range []ba.Config{{Seats: 4}, {Seats: 6, RoleMode: ba.ModeImpostor}, {Seats: 8, RoleMode: ba.ModePartners}} {
		seed := fmt.Sprintf("foreign-%d", i)
		foreign, own := baForeign(t, cfg, i), baOwn(t, cfg, seed, i)
		for _, tc := range []struct {
			name       string
			log        []byte
			chance     string
			wantChance bool // a log.chance finding
		}{
			{"foreign, undeclared", foreign, "", false},
			{"foreign, another generator declared", foreign, "splitmix64", false},
			{"foreign, umpire's declared", foreign, ChanceUmpire, true},
			{"own, undeclared", own, "", false},
			{"own, umpire's declared", own, ChanceUmpire, false},
		} {
			fs, sum := baVerify(t, tc.log, BangArenaOptions{Seeds: []string{seed}, Shown: ShownIn(tc.log), Chance: tc.chance})
			if !sum.ChanceShown || sum.SeedUnknown || sum.Should != 0 || sum.Inconclusive != 0 || !sum.Ended || sum.Evaluated["bangarena/log.seed"] == 0 {
				t.Fatalf("%+v %s: have %v %+v", cfg, tc.name, fs, sum)
			}
			var chance []rules.Finding
			for _, f := range fs {
				if f.Rule == "bangarena/log.chance" {
					chance = append(chance, f)
				} else {
					t.Errorf("%+v %s: finding %v, want none but the chance's", cfg, tc.name, f)
				}
			}
			if got := len(chance) == 1; got != tc.wantChance || len(chance) > 1 {
				t.Errorf("%+v %s: chance findings %v, want one: %v", cfg, tc.name, chance, tc.wantChance)
			}
			if evaluated := sum.Evaluated["bangarena/log.chance"] > 0; evaluated != (tc.chance == ChanceUmpire) {
				t.Errorf("%+v %s: log.chance evaluated %v, want it only when umpire's generator is declared", cfg, tc.name, evaluated)
			}
		}
	}
}

// TestBangArenaShownCutAfterDecision (I-BA-V8): a log of a server with its
// own generator, cut right after a decision and accepted unfinished, has
// no finding: the outcomes the replay asks for past its last line (the
// cards a Wagon draws, a coin) are unknown, not outcomes the log fails to
// show; the same cut not accepted unfinished is only log.complete.
func TestBangArenaShownCutAfterDecision(t *testing.T) {
	log := baForeign(t, ba.Config{Seats: 5}, 3)
	lines := bytes.SplitAfter(log, []byte("\n"))
	unknown := 0
	for i, l := range lines {
		if !bytes.Contains(l, []byte(`"type":"decision"`)) || i%3 != 0 {
			continue
		}
		cut := bytes.Join(lines[:i+1], nil)
		fs, sum := baVerify(t, cut, BangArenaOptions{Seeds: []string{"foreign-3"}, Unfinished: true, Shown: ShownIn(cut)})
		if len(fs) > 0 {
			t.Fatalf("cut after line %d (%s): %v", i+1, bytes.TrimSpace(l), fs)
		}
		unknown += sum.Inconclusive
		fs, _ = baVerify(t, cut, BangArenaOptions{Seeds: []string{"foreign-3"}, Shown: ShownIn(cut)})
		if len(fs) != 1 || fs[0].Rule != "bangarena/log.complete" {
			t.Fatalf("cut after line %d, not accepted unfinished: %v, want log.complete alone", i+1, fs)
		}
	}
	if unknown == 0 {
		t.Fatal("no cut left the replay asking for an outcome")
	}
}
