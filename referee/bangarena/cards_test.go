package bangarena

import (
	"fmt"
	"regexp"
	"testing"
)

func TestDeckComposition(t *testing.T) {
	covers(t, "bangarena/5.deck", "bangarena/8.suits")
	want := map[string]int{"shot": 25, "miss": 12, "heal_self": 6, "steal_near": 4, "discard_any": 4, "duel": 3,
		"raid": 2, "draw2": 2, "market": 2, "heal_all": 1, "draw3": 1, "aoe_shot": 1, "jail": 3, "cover": 2,
		"mount": 2, "scope": 1, "bomb": 1, "weapon_volcanic": 2, "weapon_short": 3, "weapon_rifle": 1,
		"weapon_carbine": 1, "weapon_long": 1}
	have := map[string]int{}
	suits := map[string]int{}
	spades29, uids := 0, map[string]bool{}
	uidRE := regexp.MustCompile(`^[a-z_0-9]+_\d\d$`)
	for _, c := range Deck() {
		have[c.CardID]++
		suits[c.Suit]++
		if uids[c.UID] || !uidRE.MatchString(c.UID) {
			t.Fatalf("%s: bad or repeated uid %q", "bangarena/5.deck", c.UID)
		}
		uids[c.UID] = true
		if c.Suit == "spades" && len(c.Rank) == 1 && c.Rank[0] >= '2' && c.Rank[0] <= '9' {
			spades29++
		}
	}
	if fmt.Sprint(have) != fmt.Sprint(want) || len(uids) != 80 {
		t.Fatalf("%s: copies %v, want %v", "bangarena/5.deck", have, want)
	}
	if fmt.Sprint(suits) != fmt.Sprint(map[string]int{"hearts": 21, "diamonds": 20, "clubs": 20, "spades": 19}) || spades29 != 12 {
		t.Fatalf("%s: suits %v, spades 2–9 %d", "bangarena/8.suits", suits, spades29)
	}
	if c, ok := CardByUID("shot_07"); !ok || c.CardID != "shot" {
		t.Fatalf("CardByUID(shot_07) = %+v, %v", c, ok)
	}
}

func TestShotHits(t *testing.T) {
	covers(t, "bangarena/5.shot")
	g := five(t)
	u := g.give(t, 0, "shot")
	g.mustApply(t, 0, "shot:"+u[0]+":1")
	if d, _ := g.Decider(); d != 1 || g.Phase() != PhaseReaction {
		t.Fatalf("decider %d phase %s, want seat 1 reacting", d, g.Phase())
	}
	g.mustApply(t, 1, "pass_reaction")
	if g.seats[1].hp != 3 || g.Phase() != PhasePlay {
		t.Fatalf("%s: hp %d phase %s", "bangarena/5.shot", g.seats[1].hp, g.Phase())
	}
	// A Ricochet stops it.
	g.shots = 0
	u = g.give(t, 0, "shot")
	m := g.give(t, 1, "miss")
	g.mustApply(t, 0, "shot:"+u[0]+":1")
	g.mustApply(t, 1, "miss:"+m[0])
	if g.seats[1].hp != 3 {
		t.Fatalf("%s: Ricochet did not stop the Shot", "bangarena/5.shot")
	}
}

func TestFlask(t *testing.T) {
	t.Run("play phase below max", func(t *testing.T) {
		covers(t, "bangarena/5.flask")
		g := five(t)
		u := g.give(t, 0, "heal_self")
		if hasID(g.Legal(0), "heal:"+u[0]) {
			t.Fatal("bangarena/5.flask", "offered at full hp")
		}
		g.seats[0].hp = 2
		g.mustApply(t, 0, "heal:"+u[0])
		if g.seats[0].hp != 3 {
			t.Fatalf("hp %d, want 3", g.seats[0].hp)
		}
	})
	t.Run("reaction at 1 hp with 3+ alive (I-BA-7)", func(t *testing.T) {
		g := five(t)
		g.seats[1].hp = 1
		s := g.give(t, 0, "shot")
		f := g.give(t, 1, "heal_self")
		g.mustApply(t, 0, "shot:"+s[0]+":1")
		g.mustApply(t, 1, "heal:"+f[0])
		if !g.seats[1].alive || g.seats[1].hp != 1 {
			t.Fatalf("%s: after Flask vs Shot hp %d alive %v, want 1 alive", "bangarena/5.flask", g.seats[1].hp, g.seats[1].alive)
		}
	})
	t.Run("not at 2 hp, not vs raid or duel, not with 2 alive", func(t *testing.T) {
		g := five(t)
		g.seats[1].hp = 2
		s := g.give(t, 0, "shot", "raid")
		f := g.give(t, 1, "heal_self")
		g.mustApply(t, 0, "shot:"+s[0]+":1")
		if hasID(g.Legal(1), "heal:"+f[0]) {
			t.Fatal("bangarena/5.flask", "offered as a reaction at 2 hp")
		}
		g.mustApply(t, 1, "pass_reaction")
		g.mustApply(t, 0, "raid:"+s[1])
		if hasID(g.Legal(1), "heal:"+f[0]) {
			t.Fatal("bangarena/5.flask", "offered against a Raid (READINGS 9)")
		}
		g2 := five(t)
		for _, d := range []int{2, 3, 4} {
			g2.seats[d].alive, g2.seats[d].hp = false, 0
		}
		g2.seats[1].role = RoleRaider
		g2.seats[1].hp = 1
		s2 := g2.give(t, 0, "shot")
		f2 := g2.give(t, 1, "heal_self")
		g2.mustApply(t, 0, "shot:"+s2[0]+":1")
		if hasID(g2.Legal(1), "heal:"+f2[0]) {
			t.Fatal("bangarena/5.flask", "offered as a reaction with 2 alive")
		}
	})
}

func TestSnatchAndToss(t *testing.T) {
	g := five(t)
	g.coins(false)
	w := g.equip(t, 1, "weapon_rifle")
	h := g.equip(t, 1, "mount")
	hand := g.give(t, 1, "miss")
	u := g.give(t, 0, "steal_near", "steal_near", "discard_any", "scope")
	g.mustApply(t, 0, "equip_blue:"+u[3])
	l := g.Legal(0)
	for _, id := range []string{"steal:" + u[0] + ":1:hand", "steal:" + u[0] + ":1:inPlay:" + h, "steal:" + u[0] + ":1:weapon"} {
		if !hasID(l, id) {
			t.Fatalf("%s: %s not offered (READINGS 14): %v", "bangarena/5.snatch", id, ids(l))
		}
	}
	if hasID(l, "steal:"+u[0]+":2:weapon") {
		t.Fatal("bangarena/5.weapon", "the virtual Revolver offered to Snatch")
	}
	g.mustApply(t, 0, "steal:"+u[0]+":1:weapon")
	if g.seats[1].weapon != -1 || indexOf(g.seats[0].hand, uidIndex[w]) < 0 {
		t.Fatal("bangarena/5.snatch", "weapon not taken into hand")
	}
	g.mustApply(t, 0, "steal:"+u[1]+":1:hand")
	if len(g.seats[1].hand) != 0 || indexOf(g.seats[0].hand, uidIndex[hand[0]]) < 0 {
		t.Fatal("bangarena/5.snatch", "hand card not taken")
	}
	// The hand pick is private: another seat sees the take without the card.
	for _, e := range g.View(3).Events {
		if e.Type == "take" && (e.Card != nil || e.Cards != nil) && e.Zone == "hand" {
			t.Fatalf("%s: seat 3 sees the snatched card %+v", "bangarena/11.events", e)
		}
	}
	g.mustApply(t, 0, "discard_any:"+u[2]+":1:inPlay:"+h)
	if len(g.seats[1].inPlay) != 0 || g.discard[len(g.discard)-1] != uidIndex[h] {
		t.Fatal("bangarena/5.toss", "Horse not discarded")
	}
}

func TestDuelAlternates(t *testing.T) {
	// target first, then alternating; the side that
	covers(t, "bangarena/5.duel")
	// passes loses 1 hp and the duel ends.
	g := five(t)
	d := g.give(t, 0, "duel", "shot")
	s := g.give(t, 2, "shot")
	g.mustApply(t, 0, "duel:"+d[0]+":2")
	if dd, _ := g.Decider(); dd != 2 {
		t.Fatalf("duel: first answer by %d, want target 2", dd)
	}
	g.mustApply(t, 2, "duel_discard_shot:"+s[0])
	if dd, _ := g.Decider(); dd != 0 {
		t.Fatalf("duel: second answer by %d, want 0", dd)
	}
	g.mustApply(t, 0, "duel_discard_shot:"+d[1])
	g.mustApply(t, 2, "pass_reaction")
	if g.seats[2].hp != 3 || g.seats[0].hp != 4 || g.atk != nil {
		t.Fatalf("%s: hp %d/%d", "bangarena/5.duel", g.seats[0].hp, g.seats[2].hp)
	}
	if dmg := g.eventsOf("damage"); dmg[0].SourceSeat != 0 {
		t.Fatalf("%s: duel damage source %d, want 0", "bangarena/9.killer", dmg[0].SourceSeat)
	}
	if g.shots != 0 {
		t.Fatal("bangarena/3.shot-limit", "Shots discarded in a Duel counted (READINGS 13)")
	}
}

func TestRaidAndBuckshotOrder(t *testing.T) {
	for _, kind := range []string{"raid", "aoe_shot"} {
		t.Run(kind, func(t *testing.T) {
			covers(t, "bangarena/5.raid", "bangarena/5.buckshot", "bangarena/7.queue-order")
			g := five(t)
			g.seats[3].alive, g.seats[3].hp = false, 0
			u := g.give(t, 2, kind, "shot")
			g.phase, g.turnSeat = PhasePlay, 2
			g.mustApply(t, 2, kind+":"+u[0])
			var order []int
			for g.atk != nil {
				d, _ := g.Decider()
				if d == 2 {
					t.Fatal("the attacker answers its own attack")
				}
				order = append(order, d)
				g.mustApply(t, d, "pass_reaction")
			}
			if fmt.Sprint(order) != "[4 0 1]" {
				t.Fatalf("%s: answers %v, want [4 0 1]", "bangarena/7.queue-order", order)
			}
			for _, s := range []int{0, 1, 4} {
				if g.seats[s].hp != 3 {
					t.Fatalf("seat %d hp %d, want 3", s, g.seats[s].hp)
				}
			}
			if kind == "aoe_shot" && !hasID(g.Legal(2), "shot:"+u[1]+":1") {
				t.Fatal("bangarena/5.buckshot", "Buckshot used the Shot limit")
			}
		})
	}
}

func TestDrawCards(t *testing.T) {
	covers(t, "bangarena/5.wagon-caravan", "bangarena/5.bazaar")
	g := five(t)
	u := g.give(t, 0, "draw2", "draw3", "market")
	g.mustApply(t, 0, "draw:"+u[0])
	g.mustApply(t, 0, "draw:"+u[1])
	if n := len(g.seats[0].hand); n != 6 {
		t.Fatalf("%s: hand %d, want 1+2+3", "bangarena/5.wagon-caravan", n)
	}
	g.seats[2].alive, g.seats[2].hp = false, 0
	g.turnSeat = 3
	m := g.give(t, 3, "market")
	g.mustApply(t, 3, "market:"+m[0])
	var order []int
	for _, e := range g.eventsOf("draw") {
		if e.Reason == "market" {
			order = append(order, e.Seat)
		}
	}
	if fmt.Sprint(order) != "[3 4 0 1]" {
		t.Fatalf("%s: draws %v, want [3 4 0 1]", "bangarena/5.bazaar", order)
	}
}

func TestSaloon(t *testing.T) {
	// always offered (READINGS 6), never above max.
	covers(t, "bangarena/5.saloon")
	g := five(t)
	u := g.give(t, 0, "heal_all")
	g.seats[1].hp, g.seats[3].hp = 1, 0
	g.seats[3].alive = false
	g.mustApply(t, 0, "heal_all:"+u[0])
	if g.seats[1].hp != 2 || g.seats[0].hp != 4 || g.seats[3].hp != 0 {
		t.Fatalf("%s: hp %d %d %d", "bangarena/5.saloon", g.seats[0].hp, g.seats[1].hp, g.seats[3].hp)
	}
}

func TestJailTargets(t *testing.T) {
	// (jail-immune Marshal)
	covers(t, "bangarena/5.jail", "bangarena/2.marshal-public")
	g := five(t)
	g.turnSeat = 2
	u := g.give(t, 2, "jail", "jail")
	g.mustReject(t, 2, "equip_blue:"+u[0]+":0", nil, "bangarena/5.jail")
	g.mustApply(t, 2, "equip_blue:"+u[0]+":3")
	if hasID(g.Legal(2), "equip_blue:"+u[1]+":3") {
		t.Fatal("bangarena/5.jail", "an already jailed seat offered")
	}
	g.mustReject(t, 2, "equip_blue:"+u[1]+":3", nil, "bangarena/5.jail")
}

func TestBlueUniqueAndWeapons(t *testing.T) {
	covers(t, "bangarena/5.blue-unique", "bangarena/5.blue-offer", "bangarena/5.weapon", "bangarena/5.dynamite")
	g := five(t)
	u := g.give(t, 0, "cover", "cover", "weapon_short", "weapon_short", "bomb")
	g.mustApply(t, 0, "equip_blue:"+u[0])
	if hasID(g.Legal(0), "equip_blue:"+u[1]) {
		t.Fatal("bangarena/5.blue-unique", "a second Cover offered")
	}
	g.mustReject(t, 0, "equip_blue:"+u[1], nil, "bangarena/5.blue-offer")
	g.mustApply(t, 0, "weapon:"+u[2])
	if !hasID(g.Legal(0), "weapon:"+u[3]) {
		t.Fatal("bangarena/5.weapon", "a weapon of the same kind not offered (READINGS 5)")
	}
	g.mustApply(t, 0, "weapon:"+u[3])
	if g.seats[0].weapon != uidIndex[u[3]] || g.discard[len(g.discard)-1] != uidIndex[u[2]] {
		t.Fatal("bangarena/5.weapon", "the previous weapon was not discarded")
	}
	g.mustApply(t, 0, "equip_blue:"+u[4])
	if g.inPlayID(0, "bomb") < 0 {
		t.Fatal("bangarena/5.dynamite", "Dynamite not placed before its player")
	}
}

func TestCoverCard(t *testing.T) {
	for _, lucky := range []bool{true, false} {
		t.Run(fmt.Sprint("lucky=", lucky), func(t *testing.T) {
			covers(t, "bangarena/5.cover", "bangarena/8.cover-coin")
			g := five(t)
			g.coins(lucky)
			g.equip(t, 1, "cover")
			s := g.give(t, 0, "shot")
			m := g.give(t, 1, "miss")
			g.mustApply(t, 0, "shot:"+s[0]+":1")
			cc := g.eventsOf("cover_check")
			if len(cc) != 1 || !cc[0].Coin || len(cc[0].Flips) != 1 || cc[0].Card != nil {
				t.Fatalf("%s: %+v", "bangarena/8.cover-coin", cc)
			}
			if lucky && g.atk != nil {
				t.Fatal("bangarena/5.cover", "a lucky coin did not cancel the hit")
			}
			if !lucky {
				if !hasID(g.Legal(1), "miss:"+m[0]) {
					t.Fatal("bangarena/5.cover", "no Ricochet after a failed coin")
				}
				g.mustApply(t, 1, "miss:"+m[0])
			}
			if g.seats[1].hp != 4 {
				t.Fatalf("hp %d, want 4 (no hit)", g.seats[1].hp)
			}
		})
	}
}
