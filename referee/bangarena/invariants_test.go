package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

const decisionCap = 20000

// checkView fails when seat's view shows another seat's hand, a hidden
// role it may not see, or another seat's private event or drawn cards.
func checkView(g *Game, seat int) error {
	v := g.View(seat)
	normalEnd := g.over && g.endKind == "normal"
	for _, p := range v.Players {
		if p.Seat != seat {
			for _, h := range p.Hand {
				if h.UID != "" || h.CardID != "" || h.BackID == "" {
					return fmt.Errorf("seat %d sees a card of seat %d's hand: %+v", seat, p.Seat, h)
				}
			}
		}
		st := g.seats[p.Seat]
		visible := p.Seat == seat || st.role == RoleMarshal || !st.alive || normalEnd
		if visible != (p.RoleID != nil) || (p.RoleID == nil) != p.RoleHidden {
			return fmt.Errorf("seat %d: role of seat %d visible=%v, roleId %v", seat, p.Seat, visible, p.RoleID)
		}
		if p.HandCount != len(p.Hand) {
			return fmt.Errorf("handCount %d vs %d", p.HandCount, len(p.Hand))
		}
	}
	if v.PendingChoice != nil && v.PendingChoice.Seat != seat && v.PendingChoice.Cards != nil {
		return fmt.Errorf("seat %d sees look-top cards of seat %d", seat, v.PendingChoice.Seat)
	}
	for _, e := range v.Events {
		if e.To >= 0 && e.To != seat {
			return fmt.Errorf("seat %d sees private event %+v", seat, e)
		}
		if (e.Type == "draw" || e.Type == "glory_bounty" || (e.Type == "take" && e.Zone != "discard" && e.Zone != "inPlay" && e.Zone != "weapon")) &&
			e.Seat != seat && e.FromSeat != seat && (e.Cards != nil || e.Card != nil) {
			return fmt.Errorf("seat %d sees the cards of %+v", seat, e)
		}
	}
	return nil
}

func checkState(g *Game) error {
	if err := conserved(g); err != nil {
		return err
	}
	for s, st := range g.seats {
		if st.hp < 0 || st.hp > st.maxHp {
			return fmt.Errorf("seat %d hp %d outside [0, %d]", s, st.hp, st.maxHp)
		}
		if st.alive != (st.hp > 0) {
			return fmt.Errorf("seat %d alive=%v with hp %d", s, st.alive, st.hp)
		}
		if !st.alive && (len(st.hand) > 0 || len(st.inPlay) > 0 || st.weapon >= 0) {
			return fmt.Errorf("dead seat %d still holds cards", s)
		}
	}
	return nil
}

// playOut plays one random game through the public API (Legal → Apply) and
// checks the invariants after every decision.
func playOut(t *testing.T, cfg Config, seed string, r *rand.Rand) *Game {
	t.Helper()
	g, err := NewGame(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		if n >= decisionCap {
			t.Fatalf("%s: no end after %d decisions", seed, n)
		}
		seat, _ := g.Decider()
		legal := g.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("%s: decider %d has no legal action (phase %s)", seed, seat, g.Phase())
		}
		for other := range g.seats {
			if other != seat && len(g.Legal(other)) > 0 {
				t.Fatalf("%s: seat %d has legal actions while %d decides", seed, other, seat)
			}
		}
		a := legal[r.IntN(len(legal))]
		var args json.RawMessage
		if a.Command == "discard" && r.IntN(2) == 0 {
			// A chosen discard: the last (hand − hp) cards instead of the first.
			st := g.seats[seat]
			args, _ = json.Marshal(map[string]any{"cardUids": uidsOf(st.hand[len(st.hand)-(len(st.hand)-st.hp):])})
		}
		if err := g.Apply(seat, a.ActionID, args); err != nil {
			t.Fatalf("%s: legal item %s rejected: %v", seed, a.ActionID, err)
		}
		if err := checkState(g); err != nil {
			t.Fatalf("%s after %s: %v", seed, a.ActionID, err)
		}
		if n%23 == 0 {
			if err := checkView(g, r.IntN(len(g.seats))); err != nil {
				t.Fatalf("%s: %v", seed, err)
			}
		}
	}
	for s := range g.seats {
		if err := checkView(g, s); err != nil {
			t.Fatalf("%s at the end: %v", seed, err)
		}
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
