package judge

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// foreignLog plays a match whose chance is not umpire's stream of its seed
// (a PCG source drawn through FromRand) with random decisions.
func foreignLog(t *testing.T, cfg ba.Config, i int) []ba.Event {
	t.Helper()
	g, err := ba.NewGameWith(cfg, fmt.Sprintf("foreign-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xf0))))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(i), 1))
	for n := 0; n < 5000 && !g.Over(); n++ {
		g.PlayRandom(r)
	}
	if !g.Over() {
		t.Fatalf("%+v: no end", cfg)
	}
	return g.Log()
}

// replay re-simulates log taking its chance from the log itself.
func replay(t *testing.T, log []ba.Event) (*ba.Game, *Shown) {
	t.Helper()
	cfg, ok := ba.ConfigOf(log)
	if !ok {
		t.Fatal("no match_start config")
	}
	s := NewShown(log)
	g, err := ba.NewGameWith(cfg, "any seed: the chance is the log's", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ba.DecisionsOf(log) {
		if err := g.Apply(d.Seat, d.ActionID, d.Args); err != nil {
			break
		}
	}
	return g, s
}

// sameEvents compares two logs but for match_start (whose seed commitment
// and match id follow the seed).
func sameEvents(a, b []ba.Event) bool {
	return len(a) > 1 && len(a) == len(b) && reflect.DeepEqual(a[1:], b[1:])
}

var configs = []ba.Config{
	{Seats: 4}, {Seats: 5, RoleMode: ba.ModeImpostor}, {Seats: 6, RoleMode: ba.ModeLegacy},
	{Seats: 7, StagedCharacters: true}, {Seats: 8, RoleMode: ba.ModePartners}, {Seats: 6, RoleMode: ba.ModeImpostor, StagedCharacters: true},
}

// TestShownReplaysForeignChance: a match drawn by another generator
// replays event for event when its chance is taken from its log, with no
// problem, over every kind of random outcome.
func TestShownReplaysForeignChance(t *testing.T) {
	kinds := map[string]int{}
	for i := range 60 {
		cfg := configs[i%len(configs)]
		log := foreignLog(t, cfg, i)
		g, s := replay(t, log)
		if p := s.Problems(); len(p) > 0 {
			t.Fatalf("match %d %+v: problems %v", i, cfg, p)
		}
		if !sameEvents(g.Log(), log) {
			t.Fatalf("match %d %+v: the replay differs from the log", i, cfg)
		}
		kinds["reshuffle"] += min(1, count(log, "reshuffle"))
		kinds["look_top"] += min(1, count(log, "look_top"))
		kinds["coin"] += len(s.coins)
		kinds["pick"] += len(s.picks)
		kinds["briefing"] += len(s.briefed)
		kinds["check"] += count(log, "check")
	}
	for _, k := range []string{"reshuffle", "look_top", "coin", "pick", "briefing", "check"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the matches: the test does not exercise it", k)
		}
	}
}

func count(log []ba.Event, typ string) int {
	n := 0
	for _, e := range log {
		if e.Type == typ {
			n++
		}
	}
	return n
}

// first returns the index of the first event of log that ok accepts.
func first(t *testing.T, log []ba.Event, ok func(ba.Event) bool) int {
	t.Helper()
	for i, e := range log {
		if ok(e) {
			return i
		}
	}
	t.Skip("no such event in the match")
	return -1
}

// TestShownCatchesImpossibleChance: an outcome the log shows that could
// not have happened is a problem under its rule, or makes the replay
// diverge from the log.
func TestShownCatchesImpossibleChance(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cfg    ba.Config
		rule   string // "" when only a divergence is expected
		tamper func(t *testing.T, log []ba.Event)
	}{
		{"role outside the table", ba.Config{Seats: 4}, "bangarena/2.role-distribution", func(t *testing.T, log []ba.Event) {
			i := first(t, log, func(e ba.Event) bool { return e.Type == "role" && e.RoleID != ba.RoleMarshal })
			log[i].RoleID = ba.RoleMarshal
		}},
		{"character dealt twice", ba.Config{Seats: 4}, "bangarena/6.character-deal", func(t *testing.T, log []ba.Event) {
			a := first(t, log, func(e ba.Event) bool { return e.Type == "deal" && e.Seat == 0 })
			b := first(t, log, func(e ba.Event) bool { return e.Type == "deal" && e.Seat == 1 })
			log[b].CharacterID = log[a].CharacterID
		}},
		{"a card drawn twice", ba.Config{Seats: 5}, "bangarena/5.deck", func(t *testing.T, log []ba.Event) {
			d := first(t, log, func(e ba.Event) bool { return e.Type == "draw" && e.Reason == "draw" && len(e.Cards) > 0 })
			// The opening hand's first card, drawn again on a turn.
			h := first(t, log, func(e ba.Event) bool { return e.Type == "draw" && e.Reason == "deal" })
			cards := append([]ba.Card(nil), log[d].Cards...)
			cards[0] = log[h].Cards[0]
			log[d].Cards = cards
		}},
		{"a coin the other way", ba.Config{Seats: 6}, "", func(t *testing.T, log []ba.Event) {
			i := first(t, log, func(e ba.Event) bool { return e.Type == "cover_check" && e.Coin && len(e.Flips) == 1 })
			log[i].Flips = []bool{!log[i].Flips[0]}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log []ba.Event
			for i := 0; i < 40; i++ {
				log = foreignLog(t, tc.cfg, 1000+i)
				if tc.rule != "" || count(log, "cover_check") > 0 {
					break
				}
			}
			tc.tamper(t, log)
			g, s := replay(t, log)
			var rules []string
			for _, p := range s.Problems() {
				rules = append(rules, p.Rule)
			}
			if tc.rule != "" && !strings.Contains(strings.Join(rules, " "), tc.rule) {
				t.Errorf("problems under %v, want %s", rules, tc.rule)
			}
			if sameEvents(g.Log(), log) {
				t.Errorf("the replay follows the tampered log")
			}
		})
	}
}
