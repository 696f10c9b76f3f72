package harness

import ba "github.com/umpire-arena/umpire/referee/bangarena"

// bangarenaFacts are BangArena's facts (krug_rules@0.1.0, krug-decision/1).
func bangarenaFacts() Facts {
	return Facts{
		Name: GameBangArena, Title: "BangArena", RulesVersions: []string{ba.RulesetVersion, ba.ProtocolVersion},
		MinSeats: 4, MaxSeats: 8, DefaultSeats: 6, ConformSeats: 4,
		Score: "glory", ScriptedKinds: []string{"random", "heuristic"},
		MatchNoun: "room", MatchEnv: "UMPIRE_ROOM",
	}
}
