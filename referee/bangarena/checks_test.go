package bangarena

import (
	"fmt"
	"testing"
)

func spade(r string) bool { return len(r) == 1 && r[0] >= '2' && r[0] <= '9' }

func TestJailCheck(t *testing.T) {
	tests := []struct {
		name      string
		mode      string
		suit      string
		wantPhase string
		wantHand  int
	}{
		{"hearts escape", ModeClassic, "hearts", PhasePlay, 2},
		{"clubs: draw, no play", ModeClassic, "clubs", PhaseDiscard, 2},
		{"legacy clubs: whole turn skipped", ModeLegacy, "clubs", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			covers(t, "bangarena/8.jail-check", "bangarena/2.legacy")
			g := scenario(t, tc.mode, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
			g.seats[1].hp = 1 // 2 cards > 1 hp: the discard decision shows
			jail := g.equip(t, 1, "jail")
			g.stack(t, tc.suit, nil)
			g.startTurn(1)
			if g.inPlayID(1, "jail") >= 0 || indexOf(g.discard, uidIndex[jail]) < 0 {
				t.Fatal("bangarena/8.jail-check", "the Jail was not discarded")
			}
			if tc.wantPhase == "" {
				if g.turnSeat != 2 {
					t.Fatalf("%s: a failed Jail did not skip the turn (turn %d)", "bangarena/2.legacy", g.turnSeat)
				}
				return
			}
			if g.turnSeat != 1 || g.Phase() != tc.wantPhase || len(g.seats[1].hand) != tc.wantHand {
				t.Fatalf("%s: turn %d phase %s hand %d", "bangarena/8.jail-check", g.turnSeat, g.Phase(), len(g.seats[1].hand))
			}
			if tc.wantPhase == PhaseDiscard && ids(g.Legal(1))[0] != "discard" {
				t.Fatalf("READINGS 16: legal %v", ids(g.Legal(1)))
			}
		})
	}
}

func TestDynamiteCheck(t *testing.T) {
	t.Run("spades 2-9 explode", func(t *testing.T) {
		// (no killer)
		covers(t, "bangarena/8.dynamite-check", "bangarena/9.killer")
		g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04"), fourRoles, 0)
		g.equip(t, 1, "bomb")
		g.stack(t, "spades", spade)
		g.startTurn(1)
		if g.seats[1].hp != 0 || g.seats[1].alive || g.inPlayID(2, "bomb") >= 0 {
			t.Fatalf("%s: hp %d", "bangarena/8.dynamite-check", g.seats[1].hp)
		}
		if e := g.eventsOf("eliminated"); len(e) != 1 || e[0].KillerSeat != -1 {
			t.Fatalf("%s: %+v", "bangarena/9.killer", e)
		}
		if len(g.eventsOf("glory_star")) != 0 {
			t.Fatal("bangarena/9.glory-star", "Dynamite earned a star")
		}
		if g.turnSeat != 2 {
			t.Fatalf("turn %d after the explosion, want 2", g.turnSeat)
		}
	})
	t.Run("spade ace passes over dead seats (I-BA-6)", func(t *testing.T) {
		g := scenario(t, ModeClassic, chars("char_04", "char_04", "char_04", "char_04", "char_04"),
			[]string{RoleMarshal, RoleAide, RoleRaider, RoleRaider, RoleLone}, 0)
		g.equip(t, 1, "bomb")
		g.seats[2].alive, g.seats[2].hp = false, 0
		g.seats[3].alive, g.seats[3].hp = false, 0
		g.stack(t, "spades", func(r string) bool { return r == "A" })
		g.startTurn(1)
		if g.inPlayID(4, "bomb") < 0 || g.seats[1].hp != g.seats[1].maxHp {
			t.Fatal("bangarena/8.dynamite-check", "the Dynamite did not pass to seat 4")
		}
		if e := g.eventsOf("dynamite_passed"); len(e) != 1 || e[0].TargetSeat != 4 {
			t.Fatalf("%+v", e)
		}
	})
	t.Run("lucky keeps the better card", func(t *testing.T) {
		covers(t, "bangarena/6.char-08-lucky")
		g := scenario(t, ModeClassic, chars("char_04", "char_08", "char_04", "char_04"), fourRoles, 0)
		g.equip(t, 1, "bomb")
		g.equip(t, 1, "jail")
		g.stack(t, "clubs", nil)  // jail 2nd try: stay
		g.stack(t, "hearts", nil) // jail 1st try: escape
		g.stack(t, "spades", spade)
		g.stack(t, "diamonds", nil) // dynamite 1st try: pass
		g.startTurn(1)
		if len(g.eventsOf("check")) != 4 || g.seats[1].hp != 4 || g.Phase() != PhasePlay {
			t.Fatalf("%s: checks %d hp %d phase %s", "bangarena/6.char-08-lucky", len(g.eventsOf("check")), g.seats[1].hp, g.Phase())
		}
	})
}

func TestCoverCoin(t *testing.T) {
	tests := []struct {
		name      string
		char      string
		card      bool
		mode      string
		wantFlips int
		wantCards int
	}{
		{"iron brow innate", "char_06", false, ModeClassic, 1, 0},
		{"iron brow + card: one flip", "char_06", true, ModeClassic, 1, 0},
		{"lucky: two flips", "char_08", true, ModeClassic, 2, 0},
		{"legacy iron brow + card: two card checks", "char_06", true, ModeLegacy, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			covers(t, "bangarena/8.cover-coin", "bangarena/6.char-06-iron-brow")
			g := scenario(t, tc.mode, chars("char_07", tc.char, "char_07", "char_07"), fourRoles, 0)
			g.coins(false)
			if tc.card {
				g.equip(t, 1, "cover")
			}
			g.stack(t, "clubs", nil)
			g.stack(t, "clubs", nil)
			s := g.give(t, 0, "shot")
			g.mustApply(t, 0, "shot:"+s[0]+":1")
			flips := 0
			for _, e := range g.eventsOf("cover_check") {
				flips += len(e.Flips)
			}
			if flips != tc.wantFlips || len(g.eventsOf("check")) != tc.wantCards {
				t.Fatalf("%s: flips %d card checks %d", "bangarena/6.char-06-iron-brow", flips, len(g.eventsOf("check")))
			}
		})
	}
}

func TestHighNoon(t *testing.T) {
	// from round 8, public event; no Shot limit,
	covers(t, "bangarena/8.high-noon")
	// no Cover check, no heal command at all.
	g := scenario(t, ModeClassic, chars("char_12", "char_06", "char_07", "char_07"), fourRoles, 3)
	g.round = 7
	g.startTurn(0)
	if !g.highNoon || len(g.eventsOf("high_noon")) != 1 || g.eventsOf("high_noon")[0].Round != 8 {
		t.Fatalf("%s: not declared at round %d", "bangarena/8.high-noon", g.round)
	}
	g.seats[0].hp = 2
	u := g.give(t, 0, "heal_self", "heal_all", "shot", "shot")
	l := g.Legal(0)
	for _, a := range l {
		switch a.Command {
		case "play_heal_self", "play_heal_all", "use_discard_heal":
			t.Fatalf("%s: %s offered", "bangarena/8.high-noon", a.ActionID)
		}
	}
	g.mustReject(t, 0, "heal:"+u[0], nil, "bangarena/8.high-noon")
	g.mustReject(t, 0, "discard_heal:"+u[0]+":"+u[1], nil, "bangarena/8.high-noon")
	g.mustApply(t, 0, "shot:"+u[2]+":1")
	if len(g.eventsOf("cover_check")) != 0 {
		t.Fatal("bangarena/8.high-noon", "Iron Brow's Cover checked at High Noon")
	}
	g.mustApply(t, 1, "pass_reaction")
	g.mustApply(t, 0, "shot:"+u[3]+":1")
	// Legacy has no High Noon.
	lg := scenario(t, ModeLegacy, chars("char_07", "char_07", "char_07", "char_07"), fourRoles, 3)
	lg.round = 9
	lg.startTurn(0)
	if lg.highNoon {
		t.Fatal("bangarena/2.legacy", "High Noon in legacy")
	}
}

func TestCoverAtHighNoonIsSkippedInEveryMode(t *testing.T) {
	for _, m := range []string{ModeClassic, ModePartners, ModeImpostor} {
		t.Run(m, func(t *testing.T) {
			g := scenario(t, m, chars("char_07", "char_06", "char_07", "char_07"), fourRoles, 0)
			g.highNoon = true
			if g.coverCheck(1) {
				t.Fatal(fmt.Sprint("bangarena/8.high-noon: cover at high noon"))
			}
		})
	}
}
