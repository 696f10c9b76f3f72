package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// AgentRules returns the BangArena rules umpire's certification checks of an
// agent under test: the rules every game's agents share
// (def.SharedAgentRules) and BangArena's own protocol hygiene (reask
// recovery, answering only when asked, commandId use, its own seat only,
// version echo).
func AgentRules() []def.Rule {
	const ba = "krug_rules@0.1.0"
	var out []def.Rule
	for _, l := range [][]def.Rule{
		def.SharedAgentRules("bangarena", map[string]def.Source{
			"legal-answer":          {Doc: ba, Section: "§1"},
			"answer-in-time":        {Doc: ba, Section: "§14"},
			"survives-server-error": {Doc: ba, Section: "§14"},
		}),
		{
			{ID: "bangarena/agent.recover-after-reask", Level: def.Must, Doc: ba, Section: "§14", Text: "After a 400 answer with reask true the agent answers the same decision again with a legal item."},
			// §1: act only by choosing exactly one item of the current
			// DecisionRequest. What is not a decision at all (no actionId)
			// is the hygiene pin's.
			{ID: "bangarena/agent.only-when-asked", Level: def.Must, Doc: ba, Section: "§1", Text: "The agent decides only on the current DecisionRequest, once: no decision when none is pending for it, no second decision for a request it already answered."},
			{ID: "bangarena/agent.command-id-unique", Level: def.Must, Doc: ba, Section: "§12", Text: "Each decision gets a fresh commandId; one is sent again only to retry the same decision."},
			// §16: "no attempts to read hidden state". What umpire can see
			// of an attempt is a request for another seat than the one
			// the agent's token opens (its observation, its decision).
			{ID: "bangarena/agent.own-seat-only", Level: def.Must, Doc: ba, Section: "§16", Text: "The agent asks only for its own seat: it never requests another seat's observation or decision request with its token (no attempt to read hidden state)."},
			{ID: "bangarena/agent.version-echo", Level: def.Must, Doc: ba, Section: "§12", Text: "A decision echoes the observationVersion (or basedOnVersion) of the DecisionRequest it answers, and the seat asked."},
		},
	} {
		out = append(out, l...)
	}
	return out
}
