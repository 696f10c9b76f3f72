package bangarena

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"testing"
)

// actionIDFormats are the actionId shapes of §13 and READINGS 2–3, 7.
var actionIDFormats = map[string]*regexp.Regexp{
	"play_shot":              regexp.MustCompile(`^shot:[a-z0-9_]+_\d\d:\d$`),
	"play_aoe_shot":          regexp.MustCompile(`^aoe_shot:[a-z0-9_]+_\d\d$`),
	"play_raid":              regexp.MustCompile(`^raid:[a-z0-9_]+_\d\d$`),
	"play_duel":              regexp.MustCompile(`^duel:[a-z0-9_]+_\d\d:\d$`),
	"play_steal":             regexp.MustCompile(`^steal:[a-z0-9_]+_\d\d:\d:(hand|weapon|inPlay:[a-z0-9_]+_\d\d)$`),
	"play_discard_any":       regexp.MustCompile(`^discard_any:[a-z0-9_]+_\d\d:\d:(hand|weapon|inPlay:[a-z0-9_]+_\d\d)$`),
	"play_draw":              regexp.MustCompile(`^draw:(draw2|draw3)_\d\d$`),
	"play_market":            regexp.MustCompile(`^market:market_\d\d$`),
	"play_heal_all":          regexp.MustCompile(`^heal_all:heal_all_\d\d$`),
	"play_heal_self":         regexp.MustCompile(`^heal:heal_self_\d\d$`),
	"play_equip_blue":        regexp.MustCompile(`^equip_blue:(jail_\d\d:\d|(cover|mount|scope|bomb)_\d\d)$`),
	"play_weapon":            regexp.MustCompile(`^weapon:weapon_[a-z]+_\d\d$`),
	"end_play":               regexp.MustCompile(`^end_play$`),
	"discard":                regexp.MustCompile(`^discard$`),
	"play_miss":              regexp.MustCompile(`^miss:(miss|shot)_\d\d$`),
	"play_raid_discard_shot": regexp.MustCompile(`^raid_discard_shot:(miss|shot)_\d\d$`),
	"play_duel_discard_shot": regexp.MustCompile(`^duel_discard_shot:(miss|shot)_\d\d$`),
	"pass_reaction":          regexp.MustCompile(`^pass_reaction$`),
	"choose_first_draw":      regexp.MustCompile(`^first_draw:ch\d+:(deck|discard|hand:\d)$`),
	"choose_look_top":        regexp.MustCompile(`^look_top:ch\d+:[a-z0-9_]+_\d\d$`),
	"choose_glory":           regexp.MustCompile(`^glory:ch\d+:(range|heart|sight)$`),
	"choose_prayer":          regexp.MustCompile(`^prayer:ch\d+:(yes|no)$`),
	"use_peek_role":          regexp.MustCompile(`^peek:\d$`),
	"use_discard_heal":       regexp.MustCompile(`^discard_heal:[a-z0-9_]+_\d\d:[a-z0-9_]+_\d\d$`),
}

func TestActionIDFormats(t *testing.T) {
	// every item seen in random games has the
	covers(t, "bangarena/13.action-ids")
	// format of its command, and the ids of one list are distinct.
	seen := map[string]bool{}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 120 {
		g, _ := NewGame(Config{Seats: 4 + i%5, RoleMode: []string{ModeClassic, ModeImpostor}[i%2], StagedCharacters: true}, "ids-"+itoa(i))
		for n := 0; !g.Over() && n < decisionCap; n++ {
			seat, _ := g.Decider()
			l := g.Legal(seat)
			dup := map[string]bool{}
			for _, a := range l {
				re := actionIDFormats[a.Command]
				if re == nil || !re.MatchString(a.ActionID) {
					t.Fatalf("%s: %s %q", "bangarena/13.action-ids", a.Command, a.ActionID)
				}
				if dup[a.ActionID] {
					t.Fatalf("%s: %q twice", "bangarena/13.action-ids", a.ActionID)
				}
				dup[a.ActionID] = true
				seen[a.Command] = true
			}
			g.PlayRandom(r)
		}
	}
	for c := range actionIDFormats {
		if !seen[c] {
			t.Logf("command %s not seen in the random games", c)
		}
	}
}

func TestArgsMerge(t *testing.T) {
	// args agreeing with argsSchema (or extra fields)
	covers(t, "bangarena/12.args", "bangarena/12.args-contradict")
	// pass; args that are no object cannot be merged (§12); args
	// contradicting the item are rejected on umpire's reading (I-BA-25).
	g := five(t)
	u := g.give(t, 0, "shot")
	id := "shot:" + u[0] + ":1"
	g.mustReject(t, 0, id, json.RawMessage(`{"targetSeat":4}`), "bangarena/12.args-contradict")
	g.mustReject(t, 0, id, json.RawMessage(`[1]`), "bangarena/12.args")
	if err := g.Apply(0, id, json.RawMessage(`{"targetSeat":1,"cardUid":"`+u[0]+`","note":"x"}`)); err != nil {
		t.Fatal(err)
	}
}

func TestUnknownActionRejected(t *testing.T) {
	// invented commands are rejected, state unchanged.
	covers(t, "bangarena/1.legal-only")
	g := five(t)
	g.give(t, 0, "shot")
	for _, id := range []string{"", "win_now", "shot:shot_99:1", "end_play:extra", "peek:1"} {
		g.mustReject(t, 0, id, nil, "bangarena/13.action-ids")
	}
	before := len(g.events)
	_ = g.Apply(0, "bogus", nil)
	if len(g.events) != before {
		t.Fatal("bangarena/1.legal-only", "a rejected action changed the log")
	}
}

func TestChoicesAreTheWholeDecision(t *testing.T) {
	covers(t, "bangarena/13.choices", "bangarena/13.choice-alone")
	g := six(t, ModeClassic)
	g.kill(t, 0, 3)
	g.give(t, 0, "raid")
	for _, a := range g.Legal(0) {
		if a.Command != "choose_glory" {
			t.Fatalf("%s: %s offered during a choice", "bangarena/13.choices", a.ActionID)
		}
	}
	g.mustReject(t, 0, "glory:ch999:heart", nil, "bangarena/13.choices")
	// A play item of the turn's own play phase while the choice is
	// pending breaks only WIRE.md's pin; a discard, out of its phase, §3.
	g.mustReject(t, 0, "end_play", nil, "bangarena/13.choice-alone")
	g.mustReject(t, 0, "discard", nil, "bangarena/3.phases")
}

func TestStagedPreacherAndTracker(t *testing.T) {
	t.Run("prayer", func(t *testing.T) {
		covers(t, "bangarena/13.prayer", "bangarena/6.staged")
		g := six(t, ModeClassic)
		g.seats[5].char = CharPreacher
		g.kill(t, 0, 3)
		g.mustApply(t, 0, "glory:"+g.choices[0].id+":range")
		c := g.choices[0]
		if c.kind != "prayer" || c.seat != 5 {
			t.Fatalf("no prayer choice: %+v", c)
		}
		g.coins(false) // IntN(5) == 0: the 20% comes up
		g.mustApply(t, 5, "prayer:"+c.id+":yes")
		if !g.seats[3].alive || g.seats[3].hp != 1 || !g.seats[5].prayerUsed {
			t.Fatal("bangarena/13.prayer", "the prayer did not bring seat 3 back")
		}
		g.kill(t, 0, 4)
		for _, ch := range g.choices {
			if ch.kind == "prayer" {
				t.Fatal("bangarena/13.prayer", "a second prayer")
			}
		}
	})
	t.Run("peek", func(t *testing.T) {
		covers(t, "bangarena/13.peek-role")
		g := six(t, ModeClassic)
		g.seats[0].char, g.seats[0].peeks = CharTracker, 2
		g.mustApply(t, 0, "peek:3")
		e := g.eventsOf("peek_role")
		if len(e) != 1 || e[0].To != 0 || e[0].RoleID != RoleRaider {
			t.Fatalf("%s: %+v", "bangarena/13.peek-role", e)
		}
		if hasID(g.Legal(0), "peek:3") || !hasID(g.Legal(0), "peek:4") {
			t.Fatal("bangarena/13.peek-role", "peeked seat offered again or others not offered")
		}
		for _, ev := range g.View(4).Events {
			if ev.Type == "peek_role" {
				t.Fatal("bangarena/11.events", "peek visible to another seat")
			}
		}
		g.mustApply(t, 0, "peek:4")
		for _, a := range g.Legal(0) {
			if a.Command == "use_peek_role" {
				t.Fatal("bangarena/13.peek-role", "uses not limited")
			}
		}
	})
}

// TestTossSelfReading: by default (I-BA-33) no Toss targets its own
// player, and one that does is refused under the reading's rule; with
// Config.Readings.TossSelf (§5 "any player" taken literally, the dialect
// toss-self) the player's own cards are offered while its hand holds
// another card than the Toss, and one is discarded.
func TestTossSelfReading(t *testing.T) {
	covers(t, "bangarena/4.self-target", "bangarena/5.toss")
	for _, self := range []bool{false, true} {
		g := five(t)
		g.cfg.Readings.TossSelf = self
		u := g.give(t, 0, "discard_any", "miss")
		id := "discard_any:" + u[0] + ":0:hand"
		offered := g.IsLegal(0, id)
		if offered != self {
			t.Fatalf("TossSelf %v: own hand offered %v", self, offered)
		}
		if !self {
			g.mustReject(t, 0, id, nil, "bangarena/4.self-target")
			continue
		}
		before := len(g.seats[0].hand)
		g.mustApply(t, 0, id)
		if got := len(g.seats[0].hand); got != before-2 {
			t.Fatalf("hand %d after tossing one of its own, want %d", got, before-2)
		}
	}
}

// TestOtherItemReadings (issue 26): the Readings a server may take
// otherwise for READINGS 5, 6 and 15 withhold exactly their items.
func TestOtherItemReadings(t *testing.T) {
	for _, other := range []bool{false, true} {
		g := scenario(t, ModeClassic, chars("char_06", "char_07", "char_07", "char_07"), fourRoles, 0)
		g.cfg.Readings = Readings{SaloonWhenHurt: other, BuiltInsBlock: other, WeaponKindWithheld: other}
		u := g.give(t, 0, "heal_all", "cover", "weapon_short", "weapon_short", "mount")
		g.mustApply(t, 0, "weapon:"+u[2])
		if got := g.IsLegal(0, "heal_all:"+u[0]); got == other {
			t.Errorf("SaloonWhenHurt %v, nobody hurt: Saloon offered %v", other, got)
		}
		if got := g.IsLegal(0, "equip_blue:"+u[1]); got == other {
			t.Errorf("BuiltInsBlock %v: Iron Brow offered a Cover %v", other, got)
		}
		if got := g.IsLegal(0, "weapon:"+u[3]); got == other {
			t.Errorf("WeaponKindWithheld %v: a second Sawed-Off offered %v", other, got)
		}
		if !g.IsLegal(0, "equip_blue:"+u[4]) {
			t.Errorf("readings %v: a Horse not offered", other)
		}
		g.seats[2].hp--
		if !g.IsLegal(0, "heal_all:"+u[0]) {
			t.Errorf("SaloonWhenHurt %v, a seat hurt: Saloon not offered", other)
		}
	}
}
