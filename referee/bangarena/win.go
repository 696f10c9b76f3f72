package bangarena

import (
	"slices"
	"sort"
)

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
	roles, alive := make([]string, len(g.seats)), make([]bool, len(g.seats))
	for s := range g.seats {
		roles[s], alive[s] = g.seats[s].role, g.seats[s].alive
	}
	return winOf(g.cfg, roles, alive, g.marshal)
}

// WinOf applies §10 to a table whose seats hold roles and are alive or
// not (cfg gives the mode and readings): the winning team and seats, if
// the match is over. A judge that does not see every role checks with it
// which roles the eliminations and the end leave possible.
func WinOf(cfg Config, roles []string, alive []bool) (team string, seats []int, ok bool) {
	team, seats, _, ok = winOf(cfg, roles, alive, slices.Index(roles, RoleMarshal))
	return team, seats, ok
}

// winOf is §10 over roles and alive, marshal the Marshal's seat.
func winOf(cfg Config, roles []string, alive []bool, marshal int) (team string, seats []int, rule string, ok bool) {
	deviates := cfg.Deviations.On
	var living []int
	for s := range roles {
		if alive[s] {
			living = append(living, s)
		}
	}
	role := func(s int) string { return roles[s] }
	all := func(roles ...string) []int {
		var out []int
		for s := range alive {
			for _, r := range roles {
				if role(s) == r {
					out = append(out, s)
				}
			}
		}
		sort.Ints(out)
		return out
	}
	lonesFirst := cfg.Readings.LonesFirst
	if len(living) == 1 && role(living[0]) == RoleLone && !(lonesFirst && cfg.RoleMode == ModePartners) && !deviates(DevSoleSurvivorIgnored) {
		return TeamLone, living, ruleSoleSurvivor, true
	}
	if cfg.RoleMode == ModePartners && len(living) > 0 && !deviates(DevPartnersLonesIgnored) {
		lones := true
		for _, s := range living {
			lones = lones && role(s) == RoleLone
		}
		if lones {
			return TeamLone, all(RoleLone), rulePartnersLones, true
		}
	}
	if marshal < 0 || !alive[marshal] {
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
