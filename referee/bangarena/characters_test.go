package bangarena

import (
	"fmt"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestStoneLeopard(t *testing.T) {
	tests := []struct {
		name     string
		hp       int
		dynamite bool
		want     int
	}{
		{"hit leaves 3", 4, false, 1},
		{"hit leaves 2", 3, false, 2},
		{"dynamite is one hit (I-BA-12)", 6, true, 1},
		{"dynamite leaves 2", 5, true, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			covers(t, "bangarena/6.char-01-stone-leopard")
			g := scenario(t, ModeClassic, chars("char_07", "char_01", "char_07", "char_07"), fourRoles, 0)
			g.seats[1].maxHp, g.seats[1].hp = 6, tc.hp
			if tc.dynamite {
				g.equip(t, 1, "bomb")
				g.stack(t, "spades", spade)
				g.seats[1].char = "char_01"
				g.beginTurn(1)
				g.advance()
			} else {
				s := g.give(t, 0, "shot")
				g.mustApply(t, 0, "shot:"+s[0]+":1")
				g.mustApply(t, 1, "pass_reaction")
			}
			got := 0
			for _, e := range g.eventsOf("draw") {
				if e.Reason == "char_01" {
					got += e.Count
				}
			}
			if got != tc.want {
				t.Fatalf("%s: drew %d, want %d", "bangarena/6.char-01-stone-leopard", got, tc.want)
			}
		})
	}
}

func TestRedSuit(t *testing.T) {
	for _, tc := range []struct {
		suit string
		want int
	}{{"hearts", 3}, {"diamonds", 3}, {"spades", 2}, {"clubs", 2}} {
		t.Run(tc.suit, func(t *testing.T) {
			// (I-BA-9: public check event)
			covers(t, "bangarena/6.char-02-red-suit")
			g := scenario(t, ModeClassic, chars("char_07", "char_02", "char_07", "char_07"), fourRoles, 0)
			g.stack(t, tc.suit, nil)
			g.stack(t, "clubs", nil)
			g.startTurn(1)
			if n := len(g.seats[1].hand); n != tc.want {
				t.Fatalf("%s: drew %d, want %d", "bangarena/6.char-02-red-suit", n, tc.want)
			}
			var reveal []Event
			for _, e := range g.View(3).Events {
				if e.Type == "check" && e.Kind == "red_suit" {
					reveal = append(reveal, e)
				}
			}
			if len(reveal) != 1 || reveal[0].Card == nil || reveal[0].Card.Suit != tc.suit {
				t.Fatalf("the reveal is not public: %+v", reveal)
			}
		})
	}
}

func TestTwoFaced(t *testing.T) {
	// with READINGS 2.
	covers(t, "bangarena/6.char-03-two-faced")
	g := scenario(t, ModeClassic, chars("char_03", "char_03", "char_07", "char_07"), fourRoles, 0)
	m := g.give(t, 0, "miss")
	s := g.give(t, 1, "shot", "miss")
	l := g.Legal(0)
	var item LegalAction
	for _, a := range l {
		if a.ActionID == "shot:"+m[0]+":1" {
			item = a
		}
	}
	if item.ArgsSchema["playedAs"] != "shot" || item.Command != "play_shot" {
		t.Fatalf("%s: Ricochet as Shot item %+v in %v", "bangarena/6.char-03-two-faced", item, ids(l))
	}
	g.mustApply(t, 0, item.ActionID)
	r := g.Legal(1)
	if !hasID(r, "miss:"+s[0]) || !hasID(r, "miss:"+s[1]) {
		t.Fatalf("%s: reactions %v", "bangarena/6.char-03-two-faced", ids(r))
	}
	g.mustApply(t, 1, "miss:"+s[0])
	cp := g.eventsOf("card_played")
	if cp[0].PlayedAs != "shot" || cp[1].PlayedAs != "miss" || cp[1].CardID != "shot" {
		t.Fatalf("card_played %+v", cp)
	}
	if g.shots != 1 {
		t.Fatal("READINGS 13: a Ricochet played as a Shot did not count")
	}
	// Raid answered with a Ricochet as a Shot.
	rd := g.give(t, 0, "raid")
	g.mustApply(t, 0, "raid:"+rd[0])
	if !hasID(g.Legal(1), "raid_discard_shot:"+s[1]) {
		t.Fatalf("%s: %v", "bangarena/6.char-03-two-faced", ids(g.Legal(1)))
	}
}

func TestTollman(t *testing.T) {
	covers(t, "bangarena/6.char-04-tollman")
	g := scenario(t, ModeClassic, chars("char_07", "char_04", "char_07", "char_07"), fourRoles, 0)
	s := g.give(t, 0, "shot", "duel")
	g.mustApply(t, 0, "shot:"+s[0]+":1")
	g.mustApply(t, 1, "pass_reaction")
	if len(g.seats[1].hand) != 1 || g.seats[1].hand[0] != uidIndex[s[1]] || len(g.seats[0].hand) != 0 {
		t.Fatalf("%s: hands %v / %v", "bangarena/6.char-04-tollman", uidsOf(g.seats[0].hand), uidsOf(g.seats[1].hand))
	}
}

func TestGrip(t *testing.T) {
	// READINGS 3 and 16.
	covers(t, "bangarena/6.char-05-grip")
	g := scenario(t, ModeClassic, chars("char_07", "char_05", "char_07", "char_07"), fourRoles, 0)
	h := g.give(t, 3, "duel")
	g.seats[2].alive, g.seats[2].hp = false, 0
	g.startTurn(1)
	l := g.Legal(1)
	id := g.choices[0].id
	want := []string{"first_draw:" + id + ":deck", "first_draw:" + id + ":hand:3"}
	if fmt.Sprint(ids(l)) != fmt.Sprint(want) {
		t.Fatalf("%s: %v, want %v", "bangarena/6.char-05-grip", ids(l), want)
	}
	if src := l[1].ArgsSchema["source"].(map[string]any); src["kind"] != "hand" || src["seat"] != 3 {
		t.Fatalf("argsSchema %v", l[1].ArgsSchema)
	}
	g.mustApply(t, 1, want[1])
	if len(g.seats[1].hand) != 2 || g.seats[1].hand[0] != uidIndex[h[0]] || len(g.seats[3].hand) != 0 || g.Phase() != PhasePlay {
		t.Fatalf("%s: hand %v", "bangarena/6.char-05-grip", uidsOf(g.seats[1].hand))
	}
}

func TestThreeEyes(t *testing.T) {
	covers(t, "bangarena/6.char-07-three-eyes", "bangarena/11.look-top")
	g := scenario(t, ModeClassic, chars("char_04", "char_07", "char_04", "char_04"), fourRoles, 0)
	n := len(g.deck)
	top := []int{g.deck[n-1], g.deck[n-2], g.deck[n-3]}
	g.startTurn(1)
	if g.Phase() != PhaseDraw || len(g.choices) != 1 || g.choices[0].kind != "look_top" {
		t.Fatalf("no look_top choice: phase %s", g.Phase())
	}
	v1, v2 := g.View(1), g.View(2)
	if v1.PendingChoice == nil || len(v1.PendingChoice.Cards) != 3 || v2.PendingChoice == nil || v2.PendingChoice.Cards != nil {
		t.Fatalf("%s: chooser %+v other %+v", "bangarena/11.look-top", v1.PendingChoice, v2.PendingChoice)
	}
	l := g.Legal(1)
	if len(l) != 3 {
		t.Fatalf("legal %v", ids(l))
	}
	g.mustApply(t, 1, "look_top:"+g.choices[0].id+":"+uidTable[top[1]])
	if g.deck[len(g.deck)-1] != top[1] || fmt.Sprint(g.seats[1].hand) != fmt.Sprint([]int{top[0], top[2]}) || g.Phase() != PhasePlay {
		t.Fatalf("%s: hand %v top %s", "bangarena/6.char-07-three-eyes", uidsOf(g.seats[1].hand), uidTable[g.deck[len(g.deck)-1]])
	}
}

func TestPassShadowAndEagleEye(t *testing.T) {
	covers(t, "bangarena/6.char-09-pass-shadow", "bangarena/6.char-11-eagle-eye")
	g := five(t, "char_11", "char_09", "char_07", "char_07", "char_07")
	if g.Distance(2, 1) != 2 || g.Distance(0, 2) != 1 || g.Distance(0, 1) != 1 {
		t.Fatalf("distances %d %d %d", g.Distance(2, 1), g.Distance(0, 2), g.Distance(0, 1))
	}
}

func TestVultureJr(t *testing.T) {
	covers(t, "bangarena/6.char-10-vulture-jr")
	g := scenario(t, ModeClassic, chars("char_07", "char_10", "char_07", "char_07"), fourRoles, 0)
	g.startTurn(1)
	id := g.choices[0].id
	if fmt.Sprint(ids(g.Legal(1))) != fmt.Sprint([]string{"first_draw:" + id + ":deck"}) {
		t.Fatalf("READINGS 16: discard offered with an empty pile: %v", ids(g.Legal(1)))
	}
	g.mustApply(t, 1, "first_draw:"+id+":deck")
	g.discard = append(g.discard, g.take(t, "raid"))
	g.startTurn(1)
	id = g.choices[0].id
	g.mustApply(t, 1, "first_draw:"+id+":discard")
	if deckTable[g.seats[1].hand[2]].id != "raid" {
		t.Fatal("bangarena/6.char-10-vulture-jr", "discard top not taken")
	}
	before := len(g.seats[1].hand)
	g.seats[2].hp = 1
	g.turnSeat = 0
	g.phase = PhasePlay
	s := g.give(t, 0, "duel")
	g.mustApply(t, 0, "duel:"+s[0]+":2")
	g.mustApply(t, 2, "pass_reaction")
	if len(g.seats[1].hand) != before+2 {
		t.Fatalf("%s: drew %d on an elimination, want 2", "bangarena/6.char-10-vulture-jr", len(g.seats[1].hand)-before)
	}
}

func TestBonesetter(t *testing.T) {
	// READINGS 7: pairs in hand order; usable in a reaction.
	covers(t, "bangarena/6.char-12-bonesetter")
	g := scenario(t, ModeClassic, chars("char_07", "char_12", "char_07", "char_07"), fourRoles, 0)
	u := g.give(t, 1, "duel", "raid", "market")
	if len(g.bonesetterActs(1, nil)) != 0 {
		t.Fatal("offered at full hp")
	}
	g.seats[1].hp = 1
	s := g.give(t, 0, "shot")
	g.mustApply(t, 0, "shot:"+s[0]+":1")
	var heals []string
	for _, a := range g.Legal(1) {
		if a.Command == "use_discard_heal" {
			heals = append(heals, a.ActionID)
		}
	}
	want := []string{"discard_heal:" + u[0] + ":" + u[1], "discard_heal:" + u[0] + ":" + u[2], "discard_heal:" + u[1] + ":" + u[2]}
	if fmt.Sprint(heals) != fmt.Sprint(want) {
		t.Fatalf("%s: %v, want %v", "bangarena/6.char-12-bonesetter", heals, want)
	}
	g.mustApply(t, 1, want[0])
	if g.seats[1].hp != 2 || g.Phase() != PhaseReaction {
		t.Fatalf("heal in reaction: hp %d phase %s", g.seats[1].hp, g.Phase())
	}
	g.mustApply(t, 1, "pass_reaction")
	if !g.seats[1].alive || g.seats[1].hp != 1 {
		t.Fatalf("%s: healed seat did not survive the hit", "bangarena/6.char-12-bonesetter")
	}
}

func TestDoubleBarrel(t *testing.T) {
	tests := []struct {
		name      string
		cover     bool
		lucky     bool
		misses    int
		far       bool
		wantHp    int
		wantAsked int // Ricochets the target is asked for
	}{
		{"point-blank: two Ricochets", false, false, 2, false, 4, 2},
		{"point-blank: one Ricochet is not enough", false, false, 1, false, 3, 2},
		{"lucky Cover counts as one + one Ricochet", true, true, 1, false, 4, 1},
		{"failed Cover: still two", true, false, 2, false, 4, 2},
		{"farther away: one is enough", false, false, 1, true, 4, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// READINGS 11
			covers(t, "bangarena/6.char-13-double-barrel")
			g := five(t, "char_13", "char_07", "char_07", "char_07", "char_07")
			g.coins(tc.lucky)
			target := 1
			if tc.far {
				target = 2
				g.equip(t, 0, "weapon_short")
			}
			if tc.cover {
				g.equip(t, target, "cover")
			}
			m := g.give(t, target, "miss", "miss")
			s := g.give(t, 0, "shot")
			g.mustApply(t, 0, fmt.Sprintf("shot:%s:%d", s[0], target))
			asked := 0
			for i := 0; g.atk != nil; i++ {
				asked++
				if i < tc.misses {
					g.mustApply(t, target, "miss:"+m[i])
				} else {
					g.mustApply(t, target, "pass_reaction")
				}
			}
			if g.seats[target].hp != tc.wantHp || asked != tc.wantAsked {
				t.Fatalf("%s: hp %d asked %d, want %d and %d", "bangarena/6.char-13-double-barrel", g.seats[target].hp, asked, tc.wantHp, tc.wantAsked)
			}
		})
	}
}

func TestEmptyHands(t *testing.T) {
	covers(t, "bangarena/6.char-14-empty-hands")
	g := scenario(t, ModeClassic, chars("char_14", "char_07", "char_07", "char_07"), fourRoles, 0)
	u := g.give(t, 0, "raid")
	g.mustApply(t, 0, "raid:"+u[0])
	if len(g.seats[0].hand) != 1 {
		t.Fatalf("%s: hand %d after playing the last card", "bangarena/6.char-14-empty-hands", len(g.seats[0].hand))
	}
}

func TestScavengerAndVultureOnOneElimination(t *testing.T) {
	covers(t, "bangarena/6.char-15-scavenger", "bangarena/6.char-10-vulture-jr")
	g := five(t, "char_07", "char_15", "char_10", "char_07", "char_07")
	g.seats[3].hp = 1
	held := g.give(t, 3, "miss", "raid")
	w := g.equip(t, 3, "weapon_rifle")
	hs := g.equip(t, 3, "mount")
	s := g.give(t, 0, "duel")
	g.mustApply(t, 0, "duel:"+s[0]+":3")
	g.mustApply(t, 3, "pass_reaction")
	for _, u := range append(held, w, hs) {
		if indexOf(g.seats[1].hand, uidIndex[u]) < 0 {
			t.Fatalf("%s: %s not taken", "bangarena/6.char-15-scavenger", u)
		}
	}
	if len(g.seats[2].hand) != 2 {
		t.Fatalf("%s: drew %d", "bangarena/6.char-10-vulture-jr", len(g.seats[2].hand))
	}
	for _, u := range append(held, w, hs) {
		if indexOf(g.discard, uidIndex[u]) >= 0 {
			t.Fatal("a scavenged card reached the discard pile")
		}
	}
}

func TestMadDog(t *testing.T) {
	covers(t, "bangarena/6.char-16-mad-dog")
	g := five(t, "char_16", "char_07", "char_07", "char_07", "char_07")
	s := g.give(t, 0, "shot", "shot")
	g.mustApply(t, 0, "shot:"+s[0]+":2") // built-in Scope: seat 2 at distance 1
	g.mustApply(t, 2, "pass_reaction")
	if !hasID(g.Legal(0), "shot:"+s[1]+":1") {
		t.Fatal("bangarena/6.char-16-mad-dog", "second Shot not offered")
	}
}

// TestBonesetterNotAsked (issue 26): a discard_heal §13 allows ("any
// seat's turn", no choice pending) sent while another seat decides breaks
// only I-BA-18's reading; one §13 rules out (at max hp) stays §12's.
func TestBonesetterNotAsked(t *testing.T) {
	covers(t, "bangarena/6.char-12-own-decisions", "bangarena/12.decider")
	g := scenario(t, ModeClassic, chars("char_07", "char_12", "char_07", "char_07"), fourRoles, 0)
	u := g.give(t, 1, "duel", "raid")
	heal := "discard_heal:" + u[0] + ":" + u[1]
	g.mustReject(t, 1, heal, nil, "bangarena/12.decider") // at max hp: §13's "not above max"
	g.seats[1].hp = 2
	g.mustReject(t, 1, heal, nil, "bangarena/6.char-12-own-decisions")
	g.mustReject(t, 1, "end_play", nil, "bangarena/12.decider")
	g.highNoon = true
	g.mustReject(t, 1, heal, nil, "bangarena/12.decider")
}

// TestBonesetterNotAskedDeviation: with DevHealWhenNotAsked the heal §13
// allows is applied although another seat decides (the two cards to the
// discard pile, one hp back, a decision event of the healer's, the
// decider unchanged); one §13 rules out is still refused by §12.
func TestBonesetterNotAskedDeviation(t *testing.T) {
	g := scenario(t, ModeClassic, chars("char_07", "char_12", "char_07", "char_07"), fourRoles, 0)
	g.cfg.Deviations = rules.DeviationsOf(DevHealWhenNotAsked)
	u := g.give(t, 1, "duel", "raid")
	heal := "discard_heal:" + u[0] + ":" + u[1]
	g.mustReject(t, 1, heal, nil, "bangarena/12.decider") // at max hp
	g.seats[1].hp = 2
	before, _ := g.Decider()
	n := g.EventCount()
	if err := g.Apply(1, heal, nil); err != nil {
		t.Fatalf("with the deviation the heal is refused: %v", err)
	}
	if g.seats[1].hp != 3 || len(g.seats[1].hand) != 0 {
		t.Errorf("hp %d, hand %d after the heal; want 3 and the two cards gone", g.seats[1].hp, len(g.seats[1].hand))
	}
	if d, _ := g.Decider(); d != before {
		t.Errorf("the decider moved from %d to %d", before, d)
	}
	if evs := g.EventsFrom(n); len(evs) == 0 || evs[0].Type != "decision" || evs[0].Seat != 1 {
		t.Errorf("events after the heal %+v, want seat 1's decision first", evs)
	}
}
