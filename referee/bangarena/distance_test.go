package bangarena

import (
	"fmt"
	"testing"
)

func five(t *testing.T, cs ...string) *Game {
	t.Helper()
	if cs == nil {
		cs = chars("char_07", "char_07", "char_07", "char_07", "char_07")
	}
	return scenario(t, ModeClassic, cs, []string{RoleMarshal, RoleAide, RoleRaider, RoleRaider, RoleLone}, 0)
}

func TestDistance(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, g *Game)
		a, b  int
		want  int
	}{
		{"neighbour", nil, 0, 1, 1},
		{"two away", nil, 0, 2, 2},
		{"around the ring", nil, 0, 4, 1},
		{"two away the other way", nil, 0, 3, 2},
		{"dead seat skipped", func(_ *testing.T, g *Game) { g.seats[1].alive, g.seats[1].hp = false, 0 }, 0, 2, 1},
		{"horse", func(t *testing.T, g *Game) { g.equip(t, 1, "mount") }, 0, 1, 2},
		{"scope", func(t *testing.T, g *Game) { g.equip(t, 0, "scope") }, 0, 2, 1},
		{"scope never below 1", func(t *testing.T, g *Game) { g.equip(t, 0, "scope") }, 0, 1, 1},
		{"horse and scope", func(t *testing.T, g *Game) { g.equip(t, 0, "scope"); g.equip(t, 2, "mount") }, 0, 2, 2},
		{"pass shadow built-in horse", func(_ *testing.T, g *Game) { g.seats[1].char = "char_09" }, 0, 1, 2},
		{"pass shadow and horse card count once (I-BA-11)", func(t *testing.T, g *Game) { g.seats[1].char = "char_09"; g.equip(t, 1, "mount") }, 0, 1, 2},
		{"eagle eye built-in scope", func(_ *testing.T, g *Game) { g.seats[0].char = "char_11" }, 0, 2, 1},
		{"mad dog built-in scope", func(_ *testing.T, g *Game) { g.seats[0].char = "char_16" }, 0, 2, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rule := "bangarena/4.distance"
			if tc.name[:4] == "pass" || tc.name[:4] == "eagl" || tc.name[:4] == "mad " {
				rule = "bangarena/4.built-ins"
			}
			if tc.name == "horse" || tc.name[:5] == "scope" {
				rule = "bangarena/5.horse-scope"
			}
			g := five(t)
			if tc.setup != nil {
				tc.setup(t, g)
			}
			if have := g.Distance(tc.a, tc.b); have != tc.want {
				t.Fatalf("%s: distance(%d→%d) = %d, want %d", rule, tc.a, tc.b, have, tc.want)
			}
		})
	}
}

func TestBuiltinsDoNotBlockCards(t *testing.T) {
	// with READINGS 15.
	covers(t, "bangarena/4.built-ins")
	for _, c := range []struct{ char, card string }{{"char_09", "mount"}, {"char_11", "scope"}, {"char_16", "scope"}, {"char_06", "cover"}} {
		t.Run(c.char, func(t *testing.T) {
			g := five(t)
			g.seats[0].char = c.char
			u := g.give(t, 0, c.card)
			if !hasID(g.Legal(0), "equip_blue:"+u[0]) {
				t.Fatalf("%s: %s cannot put a %s in play", "bangarena/4.built-ins", c.char, c.card)
			}
		})
	}
}

func shotTargets(g *Game, seat int, uid string) []int {
	var out []int
	for t := range g.seats {
		if hasID(g.Legal(seat), fmt.Sprintf("shot:%s:%d", uid, t)) {
			out = append(out, t)
		}
	}
	return out
}

func TestRange(t *testing.T) {
	tests := []struct {
		name   string
		weapon string
		glory  int
		want   string
	}{
		{"revolver", "", 0, "[1 4]"},
		{"revolver + range perk", "", 1, "[1 2 3 4]"},
		{"volcanic", "weapon_volcanic", 0, "[1 4]"},
		{"sawed-off", "weapon_short", 0, "[1 2 3 4]"},
		{"rifle", "weapon_rifle", 0, "[1 2 3 4]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			covers(t, "bangarena/4.range", "bangarena/5.weapon")
			g := five(t)
			if tc.weapon != "" {
				g.equip(t, 0, tc.weapon)
			}
			g.seats[0].glory.Range = tc.glory
			u := g.give(t, 0, "shot")
			if have := fmt.Sprint(shotTargets(g, 0, u[0])); have != tc.want {
				t.Fatalf("%s: Shot targets %s, want %s", "bangarena/4.range", have, tc.want)
			}
		})
	}
	g := five(t)
	u := g.give(t, 0, "shot")
	g.mustReject(t, 0, "shot:"+u[0]+":2", nil, "bangarena/4.range")
	// A Shot at its own player: umpire's reading (I-BA-33); at a dead
	// seat: §4's ring of living seats.
	covers(t, "bangarena/4.self-target", "bangarena/4.targets")
	g.mustReject(t, 0, "shot:"+u[0]+":0", nil, "bangarena/4.self-target")
	g.seats[1].alive = false
	g.mustReject(t, 0, "shot:"+u[0]+":1", nil, "bangarena/4.targets")
}

func TestStealDistanceAndTargets(t *testing.T) {
	g := five(t)
	g.equip(t, 0, "weapon_long")
	for s := 1; s < 5; s++ {
		g.give(t, s, "miss")
	}
	u := g.give(t, 0, "steal_near", "discard_any", "duel", "jail")
	l := g.Legal(0)
	for s := 0; s < 5; s++ {
		steal := hasID(l, fmt.Sprintf("steal:%s:%d:hand", u[0], s))
		if want := s == 1 || s == 4; steal != want {
			t.Errorf("%s: Snatch at seat %d offered=%v, want %v", "bangarena/4.steal-distance", s, steal, want)
		}
		toss := hasID(l, fmt.Sprintf("discard_any:%s:%d:hand", u[1], s))
		duel := hasID(l, fmt.Sprintf("duel:%s:%d", u[2], s))
		if toss != (s != 0) || duel != (s != 0) {
			t.Errorf("%s: seat %d toss=%v duel=%v", "bangarena/4.targets", s, toss, duel)
		}
		jail := hasID(l, fmt.Sprintf("equip_blue:%s:%d", u[3], s))
		if jail != (s != 0) {
			t.Errorf("%s: Jail on seat %d offered=%v", "bangarena/4.targets", s, jail)
		}
	}
	g.mustReject(t, 0, "steal:"+u[0]+":2:hand", nil, "bangarena/4.steal-distance")
}
