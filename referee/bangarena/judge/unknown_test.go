package judge

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// foreignGame plays a match as foreignLog does and returns its game.
func foreignGame(t *testing.T, cfg ba.Config, i int) *ba.Game {
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
	return g
}

// seatsOf are the streams of the seats in seats, as each was shown the
// match: its own role and opening hand, the events of its view.
func seatsOf(g *ba.Game, seats []int) []SeatStream {
	full := FromLog(g.Log())
	var out []SeatStream
	for _, s := range seats {
		out = append(out, SeatStream{Seat: s, Role: full.Roles[s], Char: full.Chars[s], Hand: full.Hands[s], Events: [][]ba.Event{g.View(s).Events}})
	}
	return out
}

// agreed replays the match of g from src with g's decisions and returns
// how many of the events the watchers (seat -1, the spectator, and the
// seats in watch) were shown the replay gives them alike, of how many,
// and the judge's problems.
func agreed(t *testing.T, g *ba.Game, src Sources, watch []int) (same, total int, problems []Problem, why, unseen string) {
	t.Helper()
	ev := Gather(src)
	s, why := NewSeen(ev)
	r, err := ba.NewGameWith(ev.Config, "any", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ba.DecisionsOf(g.Log()) {
		if r.Apply(d.Seat, d.ActionID, d.Args) != nil {
			break
		}
	}
	for _, w := range append([]int{-1}, watch...) {
		a, b := g.View(w).Events, r.View(w).Events
		total += len(a)
		n := 0
		for n < min(len(a), len(b)) && (reflect.DeepEqual(a[n], b[n]) || a[n].Type == "match_start") {
			n++ // match_start's seed commitment follows the seed
		}
		same += n
	}
	return same, total, s.Problems(), why, s.Unseen()
}

// TestUnseenCardsCarried: a public log alone, or the streams of only
// some seats, re-derive the match past every card nobody saw: the
// replay agrees with what each watcher was shown for most of the match,
// with no problem, where before it stopped at the first unseen draw.
func TestUnseenCardsCarried(t *testing.T) {
	sums := map[string][2]int{}
	whys := map[string]int{}
	defer func() { t.Logf("inconclusive from: %v", whys) }()
	for i := range 60 {
		cfg := configs[i%len(configs)]
		g := foreignGame(t, cfg, 1100+i)
		n := cfg.Seats
		for _, c := range []struct {
			name  string
			src   Sources
			watch []int
		}{
			{"public log", Sources{Log: g.View(-1).Events}, nil},
			{"half the seats", Sources{Config: cfg, Seats: seatsOf(g, seq(0, n/2))}, seq(0, n/2)},
			{"all seats but one", Sources{Config: cfg, Seats: seatsOf(g, seq(1, n))}, seq(1, n)},
		} {
			same, total, ps, why, unseen := agreed(t, g, c.src, c.watch)
			why = cmp.Or(why, unseen)
			if len(ps) > 0 && why == "" { // past an unsettled outcome the stand-ins run dry
				t.Errorf("match %d seats %d %s, %s: problems %v", i, cfg.Seats, cfg.RoleMode, c.name, ps)
			}
			if why != "" {
				whys[c.name+": "+whyKind(why)]++
			}
			s := sums[c.name]
			sums[c.name] = [2]int{s[0] + same, s[1] + total}
		}
	}
	for name, s := range sums {
		t.Logf("%s: %d of %d watched events re-derived alike (%.0f%%)", name, s[0], s[1], 100*float64(s[0])/float64(s[1]))
	}
}

func seq(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// whyKind is why's text without its numbers.
func whyKind(why string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, why)
}

// TestUnseenImpossibleCard: a card a seat shows leaving its hand of
// unknown cards must have been among the cards it could have drawn: one
// that lay on the discard pile since before the last reshuffle (a second
// copy of a card of the pack) or that is no card of the pack is a problem
// of bangarena/5.deck at its line; the same log unchanged has none.
func TestUnseenImpossibleCard(t *testing.T) {
	tried := 0
	for i := range 20 {
		g := foreignGame(t, ba.Config{Seats: 5}, 1300+i)
		public := g.View(-1).Events
		// A shot played after another shot went to the pile, with no
		// reshuffle between: the second shows the first's uid.
		first, second := -1, -1
		for k, e := range public {
			if e.Type == "reshuffle" {
				first = -1
			}
			if e.Type == "card_played" && e.Command == "play_shot" {
				if first < 0 {
					first = k
				} else if e.Seat != public[first].Seat {
					second = k
					break
				}
			}
		}
		if second < 0 {
			continue
		}
		tried++
		for _, c := range []struct{ name, uid string }{{"a card on the pile", public[first].UID}, {"no card of the pack", "shot_99"}} {
			log := slices.Clone(public)
			log[second].UID = c.uid
			s, _ := NewSeen(Gather(Sources{Log: log}))
			ps := s.Problems()
			if len(ps) == 0 || ps[0].Rule != "bangarena/5.deck" || ps[0].Seq != log[second].Seq {
				t.Errorf("match %d, %s: problems %v, want bangarena/5.deck at seq %d", i, c.name, ps, log[second].Seq)
			}
		}
		if s, _ := NewSeen(Gather(Sources{Log: public})); len(s.Problems()) > 0 {
			t.Errorf("match %d unchanged: problems %v", i, s.Problems())
		}
	}
	if tried < 5 {
		t.Fatalf("only %d fixtures", tried)
	}
}
