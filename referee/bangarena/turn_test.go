package bangarena

import (
	"encoding/json"
	"testing"
)

func TestTurnOrder(t *testing.T) {
	// next living seat in seat order, wrapping;
	covers(t, "bangarena/3.turn-order")
	// the round counts the Marshal's turns.
	g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04", "char_04"),
		[]string{RoleMarshal, RoleAide, RoleRaider, RoleRaider, RoleLone}, 1)
	g.seats[2].alive, g.seats[2].hp = false, 0
	g.mustApply(t, 1, "end_play")
	if g.turnSeat != 3 {
		t.Fatalf("%s: after seat 1 the turn is %d, want 3 (2 is dead)", "bangarena/3.turn-order", g.turnSeat)
	}
	g.discardAllHands()
	g.mustApply(t, 3, "end_play")
	g.discardAllHands()
	g.mustApply(t, 4, "end_play")
	if g.turnSeat != 0 || g.round != 2 {
		t.Fatalf("%s: wrap to seat %d round %d, want 0 round 2", "bangarena/3.turn-order", g.turnSeat, g.round)
	}
}

// discardAllHands empties every hand into the discard pile (keeps the
// discard phase out of turn-order scenarios).
func (g *Game) discardAllHands() {
	for s := range g.seats {
		g.discard = append(g.discard, g.seats[s].hand...)
		g.seats[s].hand = nil
	}
}

func TestDrawTwo(t *testing.T) {
	covers(t, "bangarena/3.draw-two")
	g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 3)
	top := []int{g.deck[len(g.deck)-1], g.deck[len(g.deck)-2]}
	g.startTurn(0)
	if len(g.seats[0].hand) != 2 || g.seats[0].hand[0] != top[0] || g.seats[0].hand[1] != top[1] {
		t.Fatalf("%s: hand %v, want the top two %v", "bangarena/3.draw-two", uidsOf(g.seats[0].hand), uidsOf(top))
	}
	if g.Phase() != PhasePlay {
		t.Fatalf("phase %s, want play", g.Phase())
	}
}

func TestDynamiteBeforeJail(t *testing.T) {
	covers(t, "bangarena/3.dynamite-before-jail")
	g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
	g.equip(t, 1, "bomb")
	g.equip(t, 1, "jail")
	g.stack(t, "hearts", nil) // Jail check: escape
	g.stack(t, "clubs", nil)  // Dynamite check: passes
	g.startTurn(1)
	var kinds []string
	for _, e := range g.eventsOf("check") {
		kinds = append(kinds, e.Kind)
	}
	if len(kinds) != 2 || kinds[0] != "dynamite" || kinds[1] != "jail" {
		t.Fatalf("%s: checks %v", "bangarena/3.dynamite-before-jail", kinds)
	}
	if g.Phase() != PhasePlay || g.inPlayID(2, "bomb") < 0 || g.inPlayID(1, "jail") >= 0 {
		t.Fatalf("after checks: phase %s, bomb at 2: %v", g.Phase(), g.inPlayID(2, "bomb") >= 0)
	}
}

func TestPhasesReject(t *testing.T) {
	// a reaction command in the play phase.
	covers(t, "bangarena/3.phases")
	g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
	g.mustReject(t, 0, "pass_reaction", nil, "bangarena/3.phases")
	g.mustReject(t, 0, "glory:ch1:heart", nil, "bangarena/3.phases")
	g.mustReject(t, 0, "discard", nil, "bangarena/3.phases")
}

func TestShotLimit(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, g *Game)
		second bool
	}{
		{"revolver: one Shot", func(*testing.T, *Game) {}, false},
		{"volcanic: unlimited", func(t *testing.T, g *Game) { g.equip(t, 0, "weapon_volcanic") }, true},
		{"high noon: unlimited", func(_ *testing.T, g *Game) { g.highNoon = true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := scenario(t, ModeClassic, chars("char_07", "char_07", "char_07", "char_07"), fourRoles, 0)
			tc.setup(t, g)
			u := g.give(t, 0, "shot", "shot")
			g.mustApply(t, 0, "shot:"+u[0]+":1")
			g.mustApply(t, 1, "pass_reaction")
			id := "shot:" + u[1] + ":1"
			if got := hasID(g.Legal(0), id); got != tc.second {
				t.Fatalf("%s: second Shot offered = %v, want %v", "bangarena/3.shot-limit", got, tc.second)
			}
			if !tc.second {
				g.mustReject(t, 0, id, nil, "bangarena/3.shot-limit")
			}
		})
	}
}

func TestDiscardToHp(t *testing.T) {
	covers(t, "bangarena/3.discard-to-hp", "bangarena/13.discard-args")
	g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 1)
	g.seats[1].hp = 2
	u := g.give(t, 1, "duel", "raid", "market", "draw2")
	g.mustApply(t, 1, "end_play")
	l := g.Legal(1)
	if len(l) != 1 || l[0].ActionID != "discard" {
		t.Fatalf("legal %v, want only discard", ids(l))
	}
	if def := l[0].ArgsSchema["cardUids"].([]string); len(def) != 2 || def[0] != u[0] || def[1] != u[1] {
		t.Fatalf("default cardUids %v, want the first two %v", def, u[:2])
	}
	bad := []struct {
		name string
		args string
	}{
		{"too few", `{"cardUids":["` + u[0] + `"]}`},
		{"not in hand", `{"cardUids":["` + u[0] + `","shot_01"]}`},
		{"twice", `{"cardUids":["` + u[0] + `","` + u[0] + `"]}`},
		{"not a list", `{"cardUids":7}`},
	}
	for _, b := range bad {
		g.mustReject(t, 1, "discard", json.RawMessage(b.args), "bangarena/13.discard-args")
	}
	if err := g.Apply(1, "discard", json.RawMessage(`{"cardUids":["`+u[3]+`","`+u[2]+`"]}`)); err != nil {
		t.Fatal(err)
	}
	if g.turnSeat != 2 {
		t.Fatalf("turn did not pass after the discard")
	}
	for _, e := range g.eventsOf("discard") {
		if e.Seat == 1 && (len(e.UIDs) != 2 || e.UIDs[0] != u[3] || e.UIDs[1] != u[2]) {
			t.Fatalf("%s: discarded %v, want %v", "bangarena/3.discard-to-hp", e.UIDs, []string{u[3], u[2]})
		}
	}
	// No discard decision when the hand fits.
	g2 := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 1)
	g2.give(t, 1, "duel")
	g2.mustApply(t, 1, "end_play")
	if g2.turnSeat != 2 {
		t.Fatalf("%s: a discard decision with hand ≤ hp", "bangarena/3.discard-to-hp")
	}
}

func TestReshuffleAndEmptyPiles(t *testing.T) {
	t.Run("reshuffle", func(t *testing.T) {
		covers(t, "bangarena/3.reshuffle")
		g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
		g.discard = append(g.discard, g.deck[:len(g.deck)-1]...)
		g.deck = g.deck[len(g.deck)-1:]
		g.startTurn(1)
		if len(g.seats[1].hand) != 2 || len(g.eventsOf("reshuffle")) != 1 {
			t.Fatalf("%s: hand %d, reshuffles %d", "bangarena/3.reshuffle", len(g.seats[1].hand), len(g.eventsOf("reshuffle")))
		}
		if err := conserved(g); err != nil {
			t.Fatal(err)
		}
	})
	empty := func(t *testing.T) *Game {
		g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
		return g
	}
	// Park every free card in seat 3's hand: deck and discard empty.
	park := func(g *Game) {
		g.seats[3].hand = append(g.seats[3].hand, g.deck...)
		g.seats[3].hand = append(g.seats[3].hand, g.discard...)
		g.deck, g.discard = nil, nil
	}
	t.Run("draw yields nothing, dynamite passes, jail frees", func(t *testing.T) {
		covers(t, "bangarena/3.empty-piles")
		g := empty(t)
		g.equip(t, 1, "bomb")
		g.equip(t, 1, "jail")
		park(g)
		jail := g.seats[1].inPlay[1]
		g.startTurn(1)
		// The only card left to draw is the Jail just discarded.
		if len(g.seats[1].hand) != 1 || g.seats[1].hand[0] != jail || g.inPlayID(2, "bomb") < 0 || g.Phase() != PhasePlay || g.seats[1].hp != g.seats[1].maxHp {
			t.Fatalf("%s: hand %d, bomb passed %v, phase %s", "bangarena/3.empty-piles", len(g.seats[1].hand), g.inPlayID(2, "bomb") >= 0, g.Phase())
		}
	})
	t.Run("legacy card cover fails", func(t *testing.T) {
		covers(t, "bangarena/3.empty-piles", "bangarena/2.legacy")
		g := scenario(t, ModeLegacy, chars("char_04", "char_06", "char_04", "char_04"), fourRoles, 0)
		g.equip(t, 1, "cover")
		park(g)
		if g.coverCheck(1) || len(g.eventsOf("check")) != 0 {
			t.Fatalf("%s: legacy cover with empty piles did not fail", "bangarena/3.empty-piles")
		}
	})
	t.Run("wagon cannot draw itself", func(t *testing.T) {
		covers(t, "bangarena/3.resolving-card")
		g := empty(t)
		u := g.give(t, 0, "draw2", "draw3")
		park(g)
		g.mustApply(t, 0, "draw:"+u[0])
		if len(g.seats[0].hand) != 1 || g.discard[len(g.discard)-1] != uidIndex[u[0]] {
			t.Fatalf("%s: Wagon drew its own uid (hand %v)", "bangarena/3.resolving-card", uidsOf(g.seats[0].hand))
		}
		// Now the discard holds only the Wagon: the Caravan draws it, not itself.
		g.mustApply(t, 0, "draw:"+u[1])
		h := uidsOf(g.seats[0].hand)
		if len(h) != 1 || h[0] != u[0] {
			t.Fatalf("%s: Caravan drew %v, want only the Wagon", "bangarena/3.resolving-card", h)
		}
	})
}
