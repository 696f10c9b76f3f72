package harness

import (
	"github.com/umpire-arena/umpire/harness/game"
	inf "github.com/umpire-arena/umpire/referee/inference"
)

// The game registers its facts; harness/games adds the rest of its wiring.
func init() { game.Register(inferenceFacts()) }

// inferenceFacts are Inference's facts (rules inference-0.4).
func inferenceFacts() Facts {
	return Facts{
		Name: GameInference, Title: "Inference", RulesVersions: []string{inf.RulesVersion},
		MinSeats: 3, MaxSeats: 8, DefaultSeats: 6, ConformSeats: 3,
		Rounds: true, Score: "credits", ScriptedKinds: []string{"random", "heuristic"},
		MatchNoun: "match", Order: 1, MatchEnv: "UMPIRE_MATCH",
	}
}
