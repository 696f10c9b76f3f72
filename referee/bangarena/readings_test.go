package bangarena

import (
	"fmt"
	"testing"
)

// TestReadingSwitches checks the config switches of I-BA-7, I-BA-3 and
// I-BA-17 against the default readings.
func TestReadingSwitches(t *testing.T) {
	t.Run("flask cancels (I-BA-7)", func(t *testing.T) {
		covers(t, "bangarena/5.flask")
		for _, cancels := range []bool{false, true} {
			g := five(t)
			g.cfg.Readings.FlaskCancels = cancels
			g.seats[1].hp = 1
			s := g.give(t, 0, "shot")
			f := g.give(t, 1, "heal_self")
			g.mustApply(t, 0, "shot:"+s[0]+":1")
			g.mustApply(t, 1, "heal:"+f[0])
			want := map[bool]int{false: 1, true: 2}[cancels]
			if g.seats[1].hp != want {
				t.Fatalf("FlaskCancels=%v: hp %d, want %d", cancels, g.seats[1].hp, want)
			}
		}
	})
	t.Run("raider kill cards (I-BA-3)", func(t *testing.T) {
		covers(t, "bangarena/9.kill-reward")
		g := six(t, ModeClassic)
		g.cfg.Readings.RaiderKillCards = 2
		before := len(g.seats[5].hand)
		g.kill(t, 5, 3)
		if r := g.eventsOf("kill_reward"); len(r) != 1 || len(g.seats[5].hand) != before+2 {
			t.Fatalf("kill_reward %+v, hand +%d", r, len(g.seats[5].hand)-before)
		}
		if len(g.eventsOf("glory_star")) != 1 {
			t.Fatal("the switch removed the star")
		}
	})
	t.Run("lones first (I-BA-17)", func(t *testing.T) {
		covers(t, "bangarena/10.partners-lones")
		roles := []string{RoleMarshal, RoleAide, RoleAide, RoleRaider, RoleRaider, RoleRaider, RoleLone, RoleLone}
		g := scenario(t, ModePartners, chars("char_07", "char_07", "char_07", "char_07", "char_07", "char_07", "char_07", "char_07"), roles, 0)
		g.cfg.Readings.LonesFirst = true
		for s := range g.seats {
			g.seats[s].alive, g.seats[s].hp = s == 7, map[bool]int{true: 1}[s == 7]
		}
		team, seats, ok := g.evaluateWin()
		if !ok || team != TeamLone || fmt.Sprint(seats) != "[6 7]" {
			t.Fatalf("have %s %v", team, seats)
		}
	})
}

func TestAbortEvent(t *testing.T) {
	covers(t, "bangarena/11.redaction")
	g, _ := NewGame(Config{Seats: 4}, "abort")
	g.Abort("abandoned")
	last := g.Log()[len(g.events)-1]
	b, _ := last.MarshalJSON()
	if string(b) != fmt.Sprintf(`{"seq":%d,"type":"game_over","reason":"abandoned","winnerTeam":null,"winnerSeats":[]}`, last.Seq) {
		t.Fatalf("game_over %s", b)
	}
	if !g.Over() {
		t.Fatal("not over")
	}
	if team, seats := g.Winners(); team != "" || len(seats) != 0 {
		t.Fatal("winners after an abort")
	}
}

// TestChoicesAfterQueue (I-BA-27's switch): a killer's glory choice made
// inside a Buckshot's answer queue is answered first on umpire's reading,
// and only once the queue is over with Readings.ChoicesAfterQueue (the
// independent server's reading): the queue's next seat decides, and no
// choice is shown pending meanwhile.
func TestChoicesAfterQueue(t *testing.T) {
	covers(t, "bangarena/12.one-decider")
	for _, after := range []bool{false, true} {
		g := five(t)
		g.cfg.Readings.ChoicesAfterQueue = after
		g.seats[2].hp = 1
		b := g.give(t, 0, "aoe_shot")
		g.mustApply(t, 0, "aoe_shot:"+b[0])
		g.mustApply(t, 1, "pass_reaction")
		g.mustApply(t, 2, "pass_reaction") // seat 2 dies: seat 0 gets a star and a choice
		if g.seats[2].alive || len(g.choices) != 1 {
			t.Fatalf("after=%v: seat 2 alive %v, choices %d", after, g.seats[2].alive, len(g.choices))
		}
		d, _ := g.Decider()
		want := map[bool]int{false: 0, true: 3}[after]
		if d != want {
			t.Fatalf("after=%v: decider %d, want %d", after, d, want)
		}
		if !after {
			continue
		}
		if v := g.View(3); v.PendingChoice != nil {
			t.Errorf("a choice shown pending while the queue runs: %+v", v.PendingChoice)
		}
		g.mustApply(t, 3, "pass_reaction")
		g.mustApply(t, 4, "pass_reaction")
		if d, _ := g.Decider(); d != 0 || g.View(0).PendingChoice == nil {
			t.Fatalf("after the queue: decider %d, choice %+v", d, g.View(0).PendingChoice)
		}
		g.mustApply(t, 0, "glory:"+g.choices[0].id+":heart")
	}
}
