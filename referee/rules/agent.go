package rules

// Agent rules are what umpire's certification checks of an agent under test:
// protocol hygiene on top of the game rules (legal answers, deadlines, reask
// recovery, commandId use, version echo). Their ids live under the game they
// concern, e.g. "inference/agent.answer-in-time" or
// "bangarena/agent.command-id-unique".

// AgentRules returns the agent-certification part of the catalogue.
func AgentRules() []Rule {
	return []Rule{
		// Filled in by the certification work.
	}
}
