package bangarena

import (
	"fmt"
	"testing"
)

// six is a 6-seat table: Marshal 0, aide 1, raiders 2–4, loner 5.
func six(t *testing.T, mode string) *Game {
	t.Helper()
	return scenario(t, mode, chars("char_07", "char_07", "char_07", "char_07", "char_07", "char_07"),
		[]string{RoleMarshal, RoleAide, RoleRaider, RoleRaider, RoleRaider, RoleLone}, 0)
}

// kill makes seat a eliminate seat b with a Duel (b at 1 hp passes).
func (g *Game) kill(t *testing.T, a, b int) {
	t.Helper()
	g.turnSeat, g.phase = a, PhasePlay
	g.seats[b].hp = 1
	d := g.give(t, a, "duel")
	g.mustApply(t, a, fmt.Sprintf("duel:%s:%d", d[0], b))
	g.mustApply(t, b, "pass_reaction")
}

func TestEliminationRevealsAndDiscards(t *testing.T) {
	covers(t, "bangarena/9.elimination")
	g := six(t, ModeClassic)
	h := g.give(t, 3, "miss")
	p := g.equip(t, 3, "mount")
	g.kill(t, 0, 3)
	e := g.eventsOf("eliminated")
	if len(e) != 1 || e[0].RoleID != RoleRaider || e[0].KillerSeat != 0 {
		t.Fatalf("%s: %+v", "bangarena/9.elimination", e)
	}
	if indexOf(g.discard, uidIndex[h[0]]) < 0 || indexOf(g.discard, uidIndex[p]) < 0 {
		t.Fatal("bangarena/9.elimination", "cards not discarded")
	}
	if r := g.View(4).Players[3].RoleID; r == nil || *r != RoleRaider {
		t.Fatal("bangarena/11.redaction", "eliminated role not revealed")
	}
}

func TestDuelThatEliminatesTheChallenger(t *testing.T) {
	// in a Duel the killer is the other duellist.
	covers(t, "bangarena/9.killer")
	g := six(t, ModeClassic)
	g.turnSeat = 2
	g.seats[2].hp = 1
	d := g.give(t, 2, "duel")
	s := g.give(t, 4, "shot")
	g.mustApply(t, 2, "duel:"+d[0]+":4")
	g.mustApply(t, 4, "duel_discard_shot:"+s[0])
	g.mustApply(t, 2, "pass_reaction")
	e := g.eventsOf("eliminated")
	if len(e) != 1 || e[0].Seat != 2 || e[0].KillerSeat != 4 {
		t.Fatalf("%s: %+v", "bangarena/9.killer", e)
	}
	// The killer's glory choice comes first, then the next turn.
	if d, _ := g.Decider(); d != 4 || g.choices[0].kind != "glory" {
		t.Fatalf("decider %d, want the killer's glory choice", d)
	}
	g.mustApply(t, 4, "glory:"+g.choices[0].id+":range")
	if g.turnSeat != 3 {
		t.Fatalf("turn %d after the challenger died, want 3", g.turnSeat)
	}
}

func TestGloryStarAndPerks(t *testing.T) {
	tests := []struct {
		name  string
		perk  string
		check func(g *Game) error
	}{
		{"range", "range", func(g *Game) error {
			if g.Range(0) != 2 || g.seats[0].glory.Range != 1 {
				return fmt.Errorf("range %d", g.Range(0))
			}
			return nil
		}},
		{"heart", "heart", func(g *Game) error {
			if g.seats[0].maxHp != 5 || g.seats[0].hp != 4 || g.seats[0].glory.Heart != 1 {
				return fmt.Errorf("hp %d/%d", g.seats[0].hp, g.seats[0].maxHp)
			}
			return nil
		}},
		{"sight", "sight", func(g *Game) error {
			if g.seats[0].glory.Sight != 1 || g.sightOffered(0) {
				return fmt.Errorf("sight %d", g.seats[0].glory.Sight)
			}
			return nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			covers(t, "bangarena/9.glory-star", "bangarena/9.glory-perks")
			g := six(t, ModeClassic)
			g.seats[0].char = "char_04" // not a draw owner: sight is offered
			g.seats[0].hp = 3
			g.kill(t, 0, 3)
			st := g.eventsOf("glory_star")
			if len(st) != 1 || st[0].Seat != 0 || st[0].Stars != 1 || st[0].To != -1 {
				t.Fatalf("%s: %+v", "bangarena/9.glory-star", st)
			}
			id := g.choices[0].id
			want := []string{"glory:" + id + ":range", "glory:" + id + ":heart", "glory:" + id + ":sight"}
			if fmt.Sprint(ids(g.Legal(0))) != fmt.Sprint(want) {
				t.Fatalf("glory items %v", ids(g.Legal(0)))
			}
			g.mustApply(t, 0, "glory:"+id+":"+tc.perk)
			if err := tc.check(g); err != nil {
				t.Fatalf("%s: %v", "bangarena/9.glory-perks", err)
			}
			if g.View(5).Players[0].Glory != g.seats[0].glory {
				t.Fatal("glory is not public")
			}
		})
	}
}

func TestSightPerkDraw(t *testing.T) {
	// sight turns every draw into look-at-3, keep 2;
	covers(t, "bangarena/9.glory-perks")
	// never offered to draw owners (READINGS 12).
	g := six(t, ModeClassic)
	g.seats[1].glory.Sight = 1
	g.startTurn(1)
	if len(g.choices) != 1 || g.choices[0].kind != "look_top" {
		t.Fatal("bangarena/9.glory-perks", "sight did not open look_top")
	}
	for _, c := range []string{"char_02", "char_05", "char_07", "char_10"} {
		g.seats[2].char = c
		if g.sightOffered(2) {
			t.Fatalf("sight offered to %s", c)
		}
	}
}

func TestBounty(t *testing.T) {
	covers(t, "bangarena/9.bounty")
	g := six(t, ModeClassic)
	g.seats[3].glory.Stars = 2
	hand := len(g.seats[0].hand)
	g.kill(t, 0, 3)
	b := g.eventsOf("glory_bounty")
	if len(b) != 1 || b[0].Stars != 2 || b[0].Count != 2 || b[0].FromSeat != 3 {
		t.Fatalf("%s: %+v", "bangarena/9.bounty", b)
	}
	if g.seats[3].glory.Stars != 1 {
		t.Fatalf("%s: the victim kept %d stars, want 1 (one taken)", "bangarena/9.bounty", g.seats[3].glory.Stars)
	}
	if g.seats[0].glory.Stars != 2 || len(g.choices) != 2 || len(g.seats[0].hand) != hand+2 {
		t.Fatalf("%s: stars %d choices %d hand %d", "bangarena/9.bounty", g.seats[0].glory.Stars, len(g.choices), len(g.seats[0].hand))
	}
	// The bounty cards are private to the killer.
	for _, e := range g.View(5).Events {
		if e.Type == "glory_bounty" && e.Cards != nil {
			t.Fatal("bangarena/11.events", "bounty cards visible to another seat")
		}
	}
}

func TestLastBulletAndPenalty(t *testing.T) {
	covers(t, "bangarena/9.last-bullet", "bangarena/9.kill-penalty")
	g := six(t, ModeClassic)
	g.give(t, 0, "miss", "raid")
	w := g.equip(t, 0, "weapon_rifle")
	g.equip(t, 0, "cover")
	g.kill(t, 0, 1)
	p := g.eventsOf("kill_penalty")
	if len(p) != 1 || len(g.seats[0].hand) != 0 || len(g.seats[0].inPlay) != 0 || g.seats[0].weapon != -1 || indexOf(g.discard, uidIndex[w]) < 0 {
		t.Fatalf("%s: %+v hand %d", "bangarena/9.kill-penalty", p, len(g.seats[0].hand))
	}
	var reasons []string
	for _, e := range g.eventsOf("glory_star") {
		reasons = append(reasons, e.Reason)
	}
	if fmt.Sprint(reasons) != "[kill last_bullet]" {
		t.Fatalf("%s: stars %v", "bangarena/9.last-bullet", reasons)
	}
	// A raider killing the last aide also gives the Marshal the last bullet.
	g2 := six(t, ModeClassic)
	g2.kill(t, 2, 1)
	if g2.seats[0].glory.Stars != 1 || len(g2.eventsOf("kill_penalty")) != 0 {
		t.Fatal("bangarena/9.last-bullet", "no star for the Marshal")
	}
}

func TestKillReward(t *testing.T) {
	for _, tc := range []struct {
		mode string
		want int
	}{{ModeLegacy, 3}, {ModeClassic, 0}} {
		t.Run(tc.mode, func(t *testing.T) {
			// (I-BA-3: no card reward outside legacy)
			covers(t, "bangarena/9.kill-reward")
			g := six(t, tc.mode)
			before := len(g.seats[5].hand)
			g.kill(t, 5, 3)
			r := g.eventsOf("kill_reward")
			got := len(g.seats[5].hand) - before
			if tc.mode == ModeClassic {
				if len(r) != 0 || got != 0 {
					t.Fatalf("%s: classic reward %d", "bangarena/9.kill-reward", got)
				}
				return
			}
			if len(r) != 1 || r[0].Count != 3 || got != 3 || len(g.eventsOf("glory_star")) != 0 {
				t.Fatalf("%s: legacy reward %+v got %d", "bangarena/9.kill-reward", r, got)
			}
		})
	}
}

// TestPenaltyAfterBountyReading: the order of the Marshal's penalty and
// the bounty of the same kill (I-BA-13). On umpire's reading the penalty
// comes first and the bounty cards stay in his hand; on the other
// (Readings.PenaltyAfterBounty, §9's list order) they go with the hand.
func TestPenaltyAfterBountyReading(t *testing.T) {
	covers(t, "bangarena/9.kill-penalty", "bangarena/9.bounty")
	for _, late := range []bool{false, true} {
		g := six(t, ModeClassic)
		g.cfg.Readings.PenaltyAfterBounty = late
		g.seats[1].glory.Stars = 2
		g.give(t, 0, "miss")
		g.kill(t, 0, 1)
		var order []string
		for _, e := range g.Log() {
			if e.Type == "glory_bounty" || e.Type == "kill_penalty" {
				order = append(order, e.Type)
			}
		}
		want, hand := "[kill_penalty glory_bounty]", 2
		if late {
			want, hand = "[glory_bounty kill_penalty]", 0
		}
		if fmt.Sprint(order) != want || len(g.seats[0].hand) != hand {
			t.Errorf("late %v: order %v hand %d, want %s and %d cards", late, order, len(g.seats[0].hand), want, hand)
		}
	}
}
