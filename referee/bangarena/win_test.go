package bangarena

import (
	"fmt"
	"testing"
)

func TestWinOrder(t *testing.T) {
	// roles of the 8-seat impostor-free table and an impostor table.
	classic8 := []string{RoleMarshal, RoleAide, RoleAide, RoleRaider, RoleRaider, RoleRaider, RoleLone, RoleLone}
	imp8 := []string{RoleMarshal, RoleAide, RoleAide, RoleRaider, RoleRaider, RoleLone, RoleLone, RoleImpostor}
	tests := []struct {
		name   string
		rule   string
		modes  []string
		roles  []string
		alive  []int
		team   string
		winner string
	}{
		{"one loner left", "bangarena/10.sole-survivor", []string{ModeClassic, ModePartners, ModeLegacy}, classic8, []int{6}, TeamLone, "[6]"},
		{"one loner left, impostor table", "bangarena/10.sole-survivor", []string{ModeImpostor}, imp8, []int{5}, TeamLone, "[5]"},
		{"two loners, partners", "bangarena/10.partners-lones", []string{ModePartners}, classic8, []int{6, 7}, TeamLone, "[6 7]"},
		{"one loner alive, partners: rule 1 first (I-BA-17)", "bangarena/10.win-order", []string{ModePartners}, classic8, []int{7}, TeamLone, "[7]"},
		{"two loners, not partners: marshal dead", "bangarena/10.marshal-dead", []string{ModeClassic, ModeLegacy}, classic8, []int{6, 7}, TeamRaiders, "[3 4 5]"},
		{"marshal dead", "bangarena/10.marshal-dead", []string{ModeClassic, ModePartners, ModeLegacy}, classic8, []int{1, 3, 6}, TeamRaiders, "[3 4 5]"},
		{"marshal dead: impostor wins with raiders, dead or alive", "bangarena/10.marshal-dead", []string{ModeImpostor}, imp8, []int{1, 5}, TeamRaiders, "[3 4 7]"},
		{"law clears the table", "bangarena/10.law-wins", []string{ModeClassic, ModePartners, ModeLegacy}, classic8, []int{0, 2}, TeamLaw, "[0 1 2]"},
		{"law clears the table, impostor table", "bangarena/10.law-wins", []string{ModeImpostor}, imp8, []int{0}, TeamLaw, "[0 1 2]"},
		{"a loner still alive", "bangarena/10.win-order", []string{ModeClassic, ModePartners, ModeLegacy}, classic8, []int{0, 6}, "", ""},
		{"the impostor still alive", "bangarena/10.win-order", []string{ModeImpostor}, imp8, []int{0, 1, 7}, "", ""},
		{"a raider still alive", "bangarena/10.win-order", []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}, classic8, []int{0, 3}, "", ""},
	}
	for _, tc := range tests {
		for _, mode := range tc.modes {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				g := scenario(t, mode, chars("char_07", "char_07", "char_07", "char_07", "char_07", "char_07", "char_07", "char_07"), tc.roles, 0)
				for s := range g.seats {
					g.seats[s].alive, g.seats[s].hp = false, 0
				}
				for _, s := range tc.alive {
					g.seats[s].alive, g.seats[s].hp = true, 1
				}
				team, seats, ok := g.evaluateWin()
				if ok != (tc.team != "") || team != tc.team || (ok && fmt.Sprint(seats) != tc.winner) {
					t.Fatalf("%s: have %q %v (%v), want %q %s", tc.rule, team, seats, ok, tc.team, tc.winner)
				}
			})
		}
	}
}

func TestWinCheckAfterElimination(t *testing.T) {
	// the match ends at the elimination that
	covers(t, "bangarena/10.win-order")
	// settles it, with a public game_over, and nothing after it.
	g := scenario(t, ModeClassic, chars("char_07", "char_07", "char_07", "char_07"), fourRoles, 0)
	g.seats[1].alive, g.seats[1].hp = false, 0
	g.seats[3].alive, g.seats[3].hp = false, 0
	g.kill(t, 0, 2)
	if !g.Over() || g.Phase() != PhaseEnded {
		t.Fatal("the match did not end")
	}
	team, seats := g.Winners()
	if team != TeamLaw || fmt.Sprint(seats) != "[0]" {
		t.Fatalf("winners %s %v", team, seats)
	}
	if len(g.eventsOf("glory_star")) != 0 || len(g.choices) != 0 {
		t.Fatal("rewards handed out after the end")
	}
	if _, ok := g.Decider(); ok {
		t.Fatal("a decider after the end")
	}
	g.mustReject(t, 0, "end_play", nil, "bangarena/12.decider")
	v := g.View(0)
	if v.WinnerTeam == nil || *v.WinnerTeam != TeamLaw || v.Phase != PhaseEnded {
		t.Fatalf("view %+v", v.WinnerTeam)
	}
}

// TestWinOf: §10 over roles a judge places (WinOf) is the engine's own
// (evaluateWin goes through it): the Marshal dead, the raiders and the
// impostor win; a lone survivor wins alone; else no end while a raider lives.
func TestWinOf(t *testing.T) {
	roles := []string{RoleMarshal, RoleRaider, RoleRaider, RoleLone}
	for _, c := range []struct {
		alive []bool
		team  string
		ok    bool
	}{
		{[]bool{false, true, true, true}, TeamRaiders, true},
		{[]bool{false, false, false, true}, TeamLone, true},
		{[]bool{true, false, false, false}, TeamLaw, true},
		{[]bool{true, true, false, false}, "", false},
	} {
		team, _, ok := WinOf(Config{Seats: 4}, roles, c.alive)
		if team != c.team || ok != c.ok {
			t.Errorf("alive %v: %q %v, want %q %v", c.alive, team, ok, c.team, c.ok)
		}
	}
}
