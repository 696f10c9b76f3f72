package bangarena

import "sort"

// Team names of game_over.winnerTeam.
const (
	TeamLaw     = "law"
	TeamRaiders = "raiders"
	TeamLone    = "lone"
)

// evaluateWin applies §10 in order (I-BA-17: one living loner is rule 1 even in partners): sole lone survivor; partners: only
// lones alive; Marshal dead (raiders and the impostor win, dead ones too);
// no raider, lone or impostor alive (law wins, dead aides too).
func (g *Game) evaluateWin() (team string, seats []int, ok bool) {
	team, seats, _, ok = g.winRule()
	return team, seats, ok
}

// winRule is evaluateWin that also names the rule of §10 that held.
func (g *Game) winRule() (team string, seats []int, rule string, ok bool) {
	var living []int
	for s := range g.seats {
		if g.seats[s].alive {
			living = append(living, s)
		}
	}
	role := func(s int) string { return g.seats[s].role }
	all := func(roles ...string) []int {
		var out []int
		for s := range g.seats {
			for _, r := range roles {
				if role(s) == r {
					out = append(out, s)
				}
			}
		}
		sort.Ints(out)
		return out
	}
	lonesFirst := g.cfg.Readings.LonesFirst
	if len(living) == 1 && role(living[0]) == RoleLone && !(lonesFirst && g.cfg.RoleMode == ModePartners) && !g.deviates(DevSoleSurvivorIgnored) {
		return TeamLone, living, ruleSoleSurvivor, true
	}
	if g.cfg.RoleMode == ModePartners && len(living) > 0 && !g.deviates(DevPartnersLonesIgnored) {
		lones := true
		for _, s := range living {
			lones = lones && role(s) == RoleLone
		}
		if lones {
			return TeamLone, all(RoleLone), rulePartnersLones, true
		}
	}
	if !g.seats[g.marshal].alive {
		return TeamRaiders, all(RoleRaider, RoleImpostor), ruleMarshalDead, true
	}
	for _, s := range living {
		switch role(s) {
		case RoleRaider, RoleLone, RoleImpostor:
			return "", nil, "", false
		}
	}
	return TeamLaw, all(RoleMarshal, RoleAide), ruleLawWins, true
}

// checkWin ends the match when §10 names a winner; it reports whether it did.
func (g *Game) checkWin() bool {
	team, seats, rule, ok := g.winRule()
	if !ok {
		return false
	}
	defer g.restore(g.because(rule))
	g.over, g.endKind, g.winTeam, g.winSeats = true, "normal", team, seats
	g.atk, g.choices = nil, nil
	e := newEvent("game_over")
	e.WinnerTeam, e.WinnerSeats, e.Reason = team, seats, "normal"
	g.emit(e)
	return true
}
