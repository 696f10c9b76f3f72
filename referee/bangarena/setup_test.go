package bangarena

import (
	"fmt"
	"sort"
	"testing"
)

func roleCounts(g *Game) map[string]int {
	m := map[string]int{}
	for _, st := range g.seats {
		m[st.role]++
	}
	return m
}

func TestRoleDistribution(t *testing.T) {
	tests := []struct {
		name  string
		rule  string
		mode  string
		seats int
		want  map[string]int
	}{
		{"classic 4", "bangarena/2.role-distribution", ModeClassic, 4, map[string]int{"marshal": 1, "raider": 2, "lone": 1}},
		{"classic 5", "bangarena/2.role-distribution", ModeClassic, 5, map[string]int{"marshal": 1, "aide": 1, "raider": 2, "lone": 1}},
		{"classic 6", "bangarena/2.role-distribution", ModeClassic, 6, map[string]int{"marshal": 1, "aide": 1, "raider": 3, "lone": 1}},
		{"classic 7", "bangarena/2.role-distribution", ModeClassic, 7, map[string]int{"marshal": 1, "aide": 2, "raider": 3, "lone": 1}},
		{"classic 8", "bangarena/2.role-distribution", ModeClassic, 8, map[string]int{"marshal": 1, "aide": 2, "raider": 3, "lone": 2}},
		{"partners 8", "bangarena/2.partners", ModePartners, 8, map[string]int{"marshal": 1, "aide": 2, "raider": 3, "lone": 2}},
		{"legacy 6", "bangarena/2.legacy", ModeLegacy, 6, map[string]int{"marshal": 1, "aide": 1, "raider": 3, "lone": 1}},
		{"impostor 4 plays classic", "bangarena/2.impostor-distribution", ModeImpostor, 4, map[string]int{"marshal": 1, "raider": 2, "lone": 1}},
		{"impostor 5", "bangarena/2.impostor-distribution", ModeImpostor, 5, map[string]int{"marshal": 1, "aide": 1, "raider": 1, "lone": 1, "impostor": 1}},
		{"impostor 6", "bangarena/2.impostor-distribution", ModeImpostor, 6, map[string]int{"marshal": 1, "aide": 1, "raider": 2, "lone": 1, "impostor": 1}},
		{"impostor 7", "bangarena/2.impostor-distribution", ModeImpostor, 7, map[string]int{"marshal": 1, "aide": 2, "raider": 2, "lone": 1, "impostor": 1}},
		{"impostor 8", "bangarena/2.impostor-distribution", ModeImpostor, 8, map[string]int{"marshal": 1, "aide": 2, "raider": 2, "lone": 2, "impostor": 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name+" "+tc.rule, func(t *testing.T) {
			for i := range 20 {
				g, err := NewGame(Config{Seats: tc.seats, RoleMode: tc.mode}, fmt.Sprint("roles-", i))
				if err != nil {
					t.Fatal(err)
				}
				if have := roleCounts(g); fmt.Sprint(have) != fmt.Sprint(tc.want) {
					t.Fatalf("have roles %v, want %v", have, tc.want)
				}
			}
		})
	}
}

func TestNewGameRejectsBadConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		rule string
	}{
		{"3 seats", Config{Seats: 3}, "bangarena/2.role-distribution"},
		{"9 seats", Config{Seats: 9}, "bangarena/2.role-distribution"},
		{"bad mode", Config{Seats: 5, RoleMode: "chaos"}, "bangarena/2.role-distribution"},
		{"bad character", Config{Seats: 4, Characters: []string{"char_01", "char_02", "char_03", "char_99"}}, "bangarena/6.character-deal"},
		{"character count", Config{Seats: 4, Characters: []string{"char_01"}}, "bangarena/6.character-deal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewGame(tc.cfg, "x")
			if err == nil || ruleOf(err) != tc.rule {
				t.Fatalf("have %v, want an error for %s", err, tc.rule)
			}
		})
	}
}

// dealCount returns how many cards seat got at the deal.
func dealCount(g *Game, seat int) int {
	for _, e := range g.Log() {
		if e.Type == "draw" && e.Reason == "deal" && e.Seat == seat {
			return e.Count
		}
	}
	return -1
}

func TestMarshalBonusAndHiddenRoles(t *testing.T) {
	tests := []struct {
		name                string
		mode                string
		seats               int
		hpBonus, cardsBonus int
	}{
		{"classic 4", ModeClassic, 4, 2, 0},
		{"classic 5", ModeClassic, 5, 0, 0},
		{"classic 6", ModeClassic, 6, 2, 2},
		{"classic 7", ModeClassic, 7, 1, 1},
		{"classic 8", ModeClassic, 8, 1, -1},
		{"impostor 8 (I-BA-4)", ModeImpostor, 8, 2, -1},
		{"legacy 4", ModeLegacy, 4, 1, 0},
		{"legacy 6", ModeLegacy, 6, 1, 0},
		{"legacy 8", ModeLegacy, 8, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rule := map[bool]string{true: "bangarena/2.legacy", false: "bangarena/2.marshal-bonus"}[tc.mode == ModeLegacy]
			if tc.mode == ModeImpostor {
				rule = "bangarena/2.impostor-8-seats"
			}
			g, err := NewGame(Config{Seats: tc.seats, RoleMode: tc.mode}, "bonus-"+tc.name)
			if err != nil {
				t.Fatal(err)
			}
			for s, st := range g.seats {
				base, _ := charMaxHp(st.char, tc.mode)
				wantHp, wantCards := base, base
				if st.role == RoleMarshal {
					wantHp += tc.hpBonus
					wantCards = wantHp + tc.cardsBonus
				}
				if st.maxHp != wantHp {
					t.Errorf("%s: seat %d (%s, %s) maxHp %d, want %d", rule, s, st.role, st.char, st.maxHp, wantHp)
				}
				if have := dealCount(g, s); have != wantCards {
					t.Errorf("%s: seat %d (%s) dealt %d cards, want %d", "bangarena/6.max-hp", s, st.role, have, wantCards)
				}
				if st.role != RoleMarshal && (st.maxHp != base || dealCount(g, s) != base) {
					t.Errorf("%s: hidden seat %d got a bonus", "bangarena/2.hidden-no-bonus", s)
				}
			}
		})
	}
}

func TestLegacyStoneLeopardHp(t *testing.T) {
	// Stone Leopard has 4 hp in legacy, 3 elsewhere.
	covers(t, "bangarena/2.legacy")
	for _, tc := range []struct {
		name, mode string
		want       int
	}{{"legacy", ModeLegacy, 4}, {"classic", ModeClassic, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			if hp, _ := charMaxHp("char_01", tc.mode); hp != tc.want {
				t.Fatalf("%s: have %d, want %d", "bangarena/2.legacy", hp, tc.want)
			}
		})
	}
}

func TestMarshalPublicAndFirst(t *testing.T) {
	for i := range 10 {
		g, _ := NewGame(Config{Seats: 6}, fmt.Sprint("first-", i))
		var first Event
		for _, e := range g.Log() {
			if e.Type == "turn_start" {
				first = e
				break
			}
		}
		if first.Seat != g.marshal || first.Round != 1 {
			t.Fatalf("%s: first turn %+v, marshal %d", "bangarena/2.marshal-first-turn", first, g.marshal)
		}
		other := (g.marshal + 1) % 6
		v := g.View(other)
		if r := v.Players[g.marshal].RoleID; r == nil || *r != RoleMarshal {
			t.Fatalf("%s: seat %d does not see the Marshal", "bangarena/2.marshal-public", other)
		}
		for s, p := range v.Players {
			if s != other && s != g.marshal && p.RoleID != nil {
				t.Fatalf("%s: seat %d sees the hidden role of %d", "bangarena/2.marshal-public", other, s)
			}
		}
	}
}

func TestImpostorBriefings(t *testing.T) {
	for i := range 20 {
		g, _ := NewGame(Config{Seats: 5 + i%4, RoleMode: ModeImpostor}, fmt.Sprint("brief-", i))
		mb := g.eventsOf("marshal_briefing")
		if len(mb) != 1 || mb[0].To != g.marshal || len(mb[0].Known) != 2 {
			t.Fatalf("%s: marshal_briefing %+v", "bangarena/2.impostor-briefing", mb)
		}
		roles := []string{}
		for _, k := range mb[0].Known {
			if k.RoleID != RoleAide {
				t.Fatalf("briefed as %s, want aide", k.RoleID)
			}
			roles = append(roles, g.seats[k.Seat].role)
		}
		sort.Strings(roles)
		if fmt.Sprint(roles) != "[aide impostor]" {
			t.Fatalf("%s: marshal learned %v, want the impostor and one aide", "bangarena/2.impostor-briefing", roles)
		}
		tb := g.eventsOf("team_briefing")
		team := 0
		for _, st := range g.seats {
			if st.role == RoleRaider || st.role == RoleImpostor {
				team++
			}
		}
		if len(tb) != team {
			t.Fatalf("%s: %d team briefings, want %d", "bangarena/2.impostor-briefing", len(tb), team)
		}
		for _, e := range tb {
			if len(e.Known) != team-1 || e.To != e.Seat {
				t.Fatalf("team_briefing %+v", e)
			}
			for _, k := range e.Known {
				if r := g.seats[k.Seat].role; r != k.RoleID || (r != RoleRaider && r != RoleImpostor) {
					t.Fatalf("team_briefing names %+v (true role %s)", k, r)
				}
			}
		}
		// Other seats see none of it.
		for s := range g.seats {
			for _, e := range g.View(s).Events {
				if (e.Type == "marshal_briefing" || e.Type == "team_briefing") && e.Seat != s {
					t.Fatalf("%s: seat %d sees %s of seat %d", "bangarena/11.events", s, e.Type, e.Seat)
				}
			}
		}
	}
}

func TestCharacterDeal(t *testing.T) {
	staged := false
	for i := range 40 {
		cfg := Config{Seats: 8, StagedCharacters: i%2 == 1}
		g, _ := NewGame(cfg, fmt.Sprint("chars-", i))
		seen := map[string]bool{}
		for _, st := range g.seats {
			if seen[st.char] {
				t.Fatalf("%s: %s dealt twice", "bangarena/6.character-deal", st.char)
			}
			seen[st.char] = true
			if (st.char == CharPreacher || st.char == CharTracker) && !cfg.StagedCharacters {
				t.Fatalf("%s: staged %s dealt without the switch", "bangarena/6.staged", st.char)
			}
			if st.char == CharPreacher || st.char == CharTracker {
				staged = true
			}
		}
	}
	if !staged {
		t.Fatal("bangarena/6.staged", "the switch never dealt a staged character in 20 deals")
	}
	if n := len(Characters(false)); n != 16 {
		t.Fatalf("have %d characters, want 16", n)
	}
}
