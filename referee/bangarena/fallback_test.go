package bangarena

import (
	"math/rand/v2"
	"testing"
)

func TestDefaultAction(t *testing.T) {
	covers(t, "bangarena/14.default-action", "bangarena/13.glory-default")
	g := six(t, ModeClassic)
	if a, _ := g.DefaultAction(0); a.ActionID != "end_play" {
		t.Fatalf("play default %s", a.ActionID)
	}
	g.kill(t, 0, 3)
	if a, _ := g.DefaultAction(0); a.Command != "choose_glory" || a.ArgsSchema["perk"] != "heart" {
		t.Fatalf("%s: %+v", "bangarena/13.glory-default", a)
	}
	g.mustApply(t, 0, "glory:"+g.choices[0].id+":range")
	s := g.give(t, 0, "shot")
	g.mustApply(t, 0, "shot:"+s[0]+":1")
	if a, _ := g.DefaultAction(1); a.ActionID != "pass_reaction" {
		t.Fatalf("reaction default %s", a.ActionID)
	}
	if _, ok := g.DefaultAction(2); ok {
		t.Fatal("a default for a seat not asked")
	}
	g.mustApply(t, 1, "pass_reaction")
	g.seats[0].hp = 1
	g.give(t, 0, "miss", "miss")
	g.mustApply(t, 0, "end_play")
	if a, _ := g.DefaultAction(0); a.ActionID != "discard" {
		t.Fatalf("discard default %s", a.ActionID)
	}
	// Three Eyes: keep the top two.
	g2 := scenario(t, ModeClassic, chars("char_04", "char_07", "char_04", "char_04"), fourRoles, 0)
	g2.startTurn(1)
	third := uidTable[g2.choices[0].cards[2]]
	if a, _ := g2.DefaultAction(1); a.ArgsSchema["putBackUid"] != third {
		t.Fatalf("look_top default %+v", a)
	}
}

func TestRandomLegal(t *testing.T) {
	// always an item of legalActions, and
	covers(t, "bangarena/14.random-legal")
	// every item can come up.
	g := five(t)
	g.give(t, 0, "shot", "raid", "duel")
	legal := ids(g.Legal(0))
	r := rand.New(rand.NewPCG(1, 1))
	seen := map[string]bool{}
	for range 500 {
		a, ok := g.RandomLegal(0, FromRand(r))
		if !ok || !hasID(g.Legal(0), a.ActionID) {
			t.Fatalf("%s: %q not legal", "bangarena/14.random-legal", a.ActionID)
		}
		seen[a.ActionID] = true
	}
	if len(seen) != len(legal) {
		t.Fatalf("%s: %d of %d items drawn", "bangarena/14.random-legal", len(seen), len(legal))
	}
	if _, ok := g.RandomLegal(3, FromRand(r)); ok {
		t.Fatal("a random item for a seat not asked")
	}
}
