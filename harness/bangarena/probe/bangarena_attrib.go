package probe

import (
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// baRareWhy says why a session room may not reach the rules only rare
// matches reach, for the coverage matrix.
func baRareWhy() map[string]string {
	return map[string]string{
		"bangarena/10.partners-lones": "only loners alive needs two loners (8 seats, §2) in a partners room; the session's partners room plays the target's table size",
		"bangarena/3.empty-piles":     "no session match ran deck and discard pile empty together (every card in hands or in play)",
	}
}

// baWinRule names the win condition of §10 that ended a match the engine
// replayed with team and seats winning: winners the server shows otherwise
// break that condition.
func baWinRule(team string, seats []int) string {
	switch {
	case team == ba.TeamLaw:
		return "bangarena/10.law-wins"
	case team == ba.TeamRaiders:
		return "bangarena/10.marshal-dead"
	case team == ba.TeamLone && len(seats) == 1:
		return "bangarena/10.sole-survivor"
	case team == ba.TeamLone:
		return "bangarena/10.partners-lones"
	}
	return "bangarena/server.replay"
}
