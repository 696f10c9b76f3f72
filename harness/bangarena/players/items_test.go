package players

import (
	"bytes"
	"fmt"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestDecideItemsAgreesWithDecideDelta plays seeded matches in which every
// seat is asked twice, by two players of the same kind and seed: one
// through DecideDelta with RequestSince's request, the other through
// DecideItems with ViewSince and Items. Every answer must be the same
// (actionId and args), so the items path is the request path without its
// argsSchema maps, RNG draws included.
func TestDecideItemsAgreesWithDecideDelta(t *testing.T) {
	cases := []struct {
		name  string
		kinds []string
		cfg   ba.Config
		seeds int
	}{
		{"heuristic classic 6", []string{"heuristic"}, ba.Config{Seats: 6}, 6},
		{"mixed staged partners 8", []string{"heuristic", "random"}, ba.Config{Seats: 8, RoleMode: ba.ModePartners, StagedCharacters: true}, 4},
		{"random legacy 4", []string{"random"}, ba.Config{Seats: 4, RoleMode: ba.ModeLegacy}, 4},
		{"heuristic impostor 5 staged", []string{"heuristic"}, ba.Config{Seats: 5, RoleMode: ba.ModeImpostor, StagedCharacters: true}, 6},
		{"heuristic choosers", []string{"heuristic"}, ba.Config{Seats: 5, Characters: []string{"char_05", "char_07", "char_12", "char_10", "char_03"}}, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k := range c.seeds {
				seed := fmt.Sprint("items-", c.name, "-", k)
				g, err := ba.NewGame(c.cfg, seed)
				if err != nil {
					t.Fatal(err)
				}
				n := c.cfg.Seats
				byReq, byItems := players(t, n, c.kinds, seed), players(t, n, c.kinds, seed)
				from, fromItems := make([]int, n), make([]int, n)
				var items []ba.Item
				stores := make([]ba.ViewStore, n)
				for step := 0; !g.Over(); step++ {
					if step > MaxDecisions {
						t.Fatalf("%s: no end", seed)
					}
					seat, _ := g.Decider()
					var req ba.DecisionRequest
					req, from[seat] = g.RequestSince(seat, "", from[seat], nil)
					want, err := byReq[seat].(DeltaPlayer).DecideDelta(&req)
					if err != nil {
						t.Fatal(err)
					}
					var view ba.PlayerView
					view, fromItems[seat] = g.ViewSince(seat, fromItems[seat], &stores[seat])
					items = g.Items(seat, items)
					have, err := byItems[seat].(ItemPlayer).DecideItems(&view, items)
					if err != nil {
						t.Fatal(err)
					}
					if have.ActionID != want.ActionID || !bytes.Equal(have.Args, want.Args) {
						t.Fatalf("%s step %d seat %d: DecideItems %s %s, DecideDelta %s %s", seed, step, seat, have.ActionID, have.Args, want.ActionID, want.Args)
					}
					if err := g.Apply(seat, want.ActionID, want.Args); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// TestDecideItemsWithoutItems checks the error of an empty decision, and
// the heuristic's refusal of a missing observation.
func TestDecideItemsWithoutItems(t *testing.T) {
	g, _ := ba.NewGame(ba.Config{Seats: 4}, "no-items")
	seat, _ := g.Decider()
	items := g.Items(seat, nil)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			p, _ := New(name, "x")
			if _, err := p.(ItemPlayer).DecideItems(&ba.PlayerView{}, nil); err != ErrNoLegalActions {
				t.Fatalf("no items: %v", err)
			}
			_, err := p.(ItemPlayer).DecideItems(nil, items)
			if (err != nil) != (name == "heuristic") {
				t.Fatalf("nil observation: %v", err)
			}
		})
	}
}
