package probe

import (
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Attribution of a legal-list difference to the rule it breaks (issue 13, I-BA-P7):
// an item offered that the rules forbid names the rule of the referee's
// reason for refusing it (bangarena.RuleAgainst, the replay's engine); an
// item the rules grant that is left out names the rule that grants it,
// where one rule alone does (baMissingRule); otherwise the generic
// bangarena/server.legal-actions.

// baExtraLiveRule names the rule an offered item the referee does not
// derive from the request breaks.
func baExtraLiveRule(req ba.DecisionRequest, actionID string) string {
	if !baActionIDFormed(actionID) {
		return "bangarena/13.action-ids" // not an id of the catalogue at all
	}
	if r := ba.RuleAgainst(req, actionID); r != "" {
		return r
	}
	return "bangarena/server.legal-actions"
}

// baMissingRule names the rule that grants a left-out item a, as the
// observation obs of the deciding seat shows it: Mad Dog's Shot after the
// turn's first one (§6 char_16) when nothing else lifts the limit.
func baMissingRule(obs ba.PlayerView, a ba.LegalAction) string {
	seat := obs.You
	if seat < 0 || seat >= len(obs.Players) {
		return "bangarena/server.legal-actions"
	}
	me := obs.Players[seat]
	if a.Command != "play_shot" {
		return "bangarena/server.legal-actions"
	}
	if me.CharacterID == "char_16" && !obs.HighNoon && (me.WeaponCardID == nil || *me.WeaponCardID != "weapon_volcanic") && baPlayedThisTurn(obs, seat, "play_shot") {
		return ba.CharacterRule("char_16")
	}
	return "bangarena/server.legal-actions"
}

// baPlayedThisTurn reports whether seat played a card with command since
// the latest turn_start of the observation's events.
func baPlayedThisTurn(obs ba.PlayerView, seat int, command string) bool {
	for i := len(obs.Events) - 1; i >= 0; i-- {
		e := &obs.Events[i]
		if e.Type == "turn_start" {
			return false
		}
		if e.Type == "card_played" && e.Seat == seat && e.Command == command {
			return true
		}
	}
	return false
}

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
