package bangarena

import "github.com/umpire-arena/umpire/referee/rules"

// RuleAgainst names the rule an item offered in req breaks when the
// referee does not derive it from req's observation (LegalFromRead): the
// rule of the engine's reason for refusing that actionId in the state the
// observation shows (the Shot limit, a distance, a phase, a pending choice,
// a target), or "" when no more precise rule than the legal list's own can
// be named (the observation does not read, or the refusal is generic).
func RuleAgainst(req DecisionRequest, actionID string) string {
	g, _, err := gameFromView(req.Observation)
	if err != nil {
		return ""
	}
	err = g.diagnose(req.Observation.You, actionID)
	if r := rules.RuleOf(err); r != "bangarena/13.action-ids" {
		return r
	}
	return ""
}
