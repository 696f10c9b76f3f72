package rules

import "github.com/umpire-arena/umpire/referee/rules/def"

// Agent rules are what umpire's certification checks of an agent under test:
// protocol hygiene on top of the game rules (legal answers, deadlines, reask
// recovery, commandId use, version echo). Their ids live under the game they
// concern, e.g. "inference/agent.answer-in-time" or
// "bangarena/agent.command-id-unique".

// AgentRules returns the agent-certification part of the catalogue.
func AgentRules() []Rule {
	const ba = "krug_rules@0.1.0"
	var out []Rule
	for _, l := range [][]Rule{
		def.SharedAgentRules("bangarena", map[string]def.Source{
			"legal-answer":          {Doc: ba, Section: "§1"},
			"answer-in-time":        {Doc: ba, Section: "§14"},
			"survives-server-error": {Doc: ba, Section: "§14"},
		}),
		{
			{ID: "bangarena/agent.recover-after-reask", Level: Must, Doc: ba, Section: "§14", Text: "After a 400 answer with reask true the agent answers the same decision again with a legal item."},
			// §1: act only by choosing exactly one item of the current
			// DecisionRequest. What is not a decision at all (no actionId)
			// is the hygiene pin's.
			{ID: "bangarena/agent.only-when-asked", Level: Must, Doc: ba, Section: "§1", Text: "The agent decides only on the current DecisionRequest, once: no decision when none is pending for it, no second decision for a request it already answered."},
			{ID: "bangarena/agent.command-id-unique", Level: Must, Doc: ba, Section: "§12", Text: "Each decision gets a fresh commandId; one is sent again only to retry the same decision."},
			// §16: "no attempts to read hidden state". What umpire can see
			// of an attempt is a request for another seat than the one
			// the agent's token opens (its observation, its decision).
			{ID: "bangarena/agent.own-seat-only", Level: Must, Doc: ba, Section: "§16", Text: "The agent asks only for its own seat: it never requests another seat's observation or decision request with its token (no attempt to read hidden state)."},
			{ID: "bangarena/agent.version-echo", Level: Must, Doc: ba, Section: "§12", Text: "A decision echoes the observationVersion (or basedOnVersion) of the DecisionRequest it answers, and the seat asked."},
		},
	} {
		out = append(out, l...)
	}
	return out
}
