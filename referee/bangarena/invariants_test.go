package bangarena

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

const decisionCap = SelfPlayCap

// checkView fails when seat's view shows what the seat may not see.
func checkView(g *Game, seat int) error { return g.CheckView(seat) }

func checkState(g *Game) error { return g.CheckState() }

// playOut plays one random game through the public API (Legal → Apply) and
// checks the invariants after every decision (PlaySelfChecked).
func playOut(t *testing.T, cfg Config, seed string, r *rand.Rand) *Game {
	t.Helper()
	g, err := PlaySelfChecked(cfg, seed, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestInvariantsRandomGames plays seeded random games in every mode and at
// every seat count: cards conserved, hp in range, every applied action
// legal, only the Decider has actions, the game ends, views do not leak,
// and a replay from seed and decisions reproduces the log exactly.
func TestInvariantsRandomGames(t *testing.T) {
	covers(t, "bangarena/5.deck", "bangarena/12.decider", "bangarena/11.redaction", "bangarena/11.events",
		"bangarena/1.what-you-see", "bangarena/10.win-order", "bangarena/1.legal-only")
	games := 20
	if testing.Short() {
		games = 10
	}
	for _, mode := range []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy} {
		for seats := 4; seats <= 8; seats++ {
			t.Run(fmt.Sprintf("%s/%d", mode, seats), func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(uint64(seats), 7))
				for i := range games {
					cfg := Config{Seats: seats, RoleMode: mode, StagedCharacters: i%3 == 0}
					seed := fmt.Sprintf("inv-%s-%d-%d", mode, seats, i)
					g := playOut(t, cfg, seed, r)
					team, winners := g.Winners()
					if team == "" || len(winners) == 0 {
						t.Fatalf("%s: ended without winners", seed)
					}
					if i%4 == 0 {
						re, err := Replay(cfg, seed, DecisionsOf(g.Log()))
						if err != nil {
							t.Fatalf("%s: replay: %v", seed, err)
						}
						if !reflect.DeepEqual(re.Log(), g.Log()) {
							t.Fatalf("%s: replay log differs", seed)
						}
					}
				}
			})
		}
	}
}

// TestFastSelfPlayEnds plays many more games through PlayRandom, checking
// cards and hp after every decision.
func TestFastSelfPlayEnds(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	games := 2000
	if testing.Short() {
		games = 300
	}
	for i := range games {
		mode := []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}[i%4]
		g, err := NewGame(Config{Seats: 4 + i%5, RoleMode: mode, StagedCharacters: i%2 == 0}, fmt.Sprintf("fast-%d", i))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Over(); n++ {
			if n > decisionCap {
				t.Fatalf("game %d: no end", i)
			}
			if _, ok := g.PlayRandom(r); !ok {
				t.Fatalf("game %d stuck", i)
			}
			if err := checkState(g); err != nil {
				t.Fatalf("game %d step %d: %v", i, n, err)
			}
		}
		if err := checkState(g); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
}
