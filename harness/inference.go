package harness

import inf "github.com/umpire-arena/umpire/referee/inference"

// inferenceFacts are Inference's facts (rules inference-0.4).
func inferenceFacts() Facts {
	return Facts{
		Name: GameInference, Title: "Inference", RulesVersions: []string{inf.RulesVersion},
		MinSeats: 3, MaxSeats: 8, DefaultSeats: 6, ConformSeats: 3,
		Rounds: true, Score: "credits", ScriptedKinds: []string{"random", "heuristic"},
		MatchNoun: "match", MatchEnv: "UMPIRE_MATCH",
	}
}
