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
