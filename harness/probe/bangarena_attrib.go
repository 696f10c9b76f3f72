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

// baGrants names the rule that grants each item of the engine's that the
// server's list offered leaves out, where one rule alone does (the
// engine's answer, bangarena.GrantingRules: Mad Dog's freedom from the
// Shot limit, the ring of living seats, a built-in Scope), in the state
// the deciding seat's observation obs shows.
func baGrants(obs ba.PlayerView, offered []ba.LegalAction) map[string]string {
	return ba.GrantingRulesFromView(obs, baIDs(offered))
}

// baMissingRule names the rule a left-out item id breaks: the one that
// grants it (grants, from baGrants or the replay's GrantingRules), else
// the generic legal-actions rule.
func baMissingRule(grants map[string]string, id string) string {
	return cmpOr(grants[id], "bangarena/server.legal-actions")
}

func baIDs(items []ba.LegalAction) []string {
	out := make([]string, len(items))
	for i, a := range items {
		out[i] = a.ActionID
	}
	return out
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
