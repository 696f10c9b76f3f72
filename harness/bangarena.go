package harness

import (
	"github.com/umpire-arena/umpire/harness/game"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The game registers its facts; harness/games adds the rest of its wiring.
func init() { game.Register(bangarenaFacts()) }

// bangarenaFacts are BangArena's facts (krug_rules@0.1.0, krug-decision/1).
func bangarenaFacts() Facts {
	return Facts{
		Name: GameBangArena, Title: "BangArena", RulesVersions: []string{ba.RulesetVersion, ba.ProtocolVersion},
		MinSeats: 4, MaxSeats: 8, DefaultSeats: 6, ConformSeats: 4,
		Score: "glory", ScriptedKinds: []string{"random", "heuristic"},
		MatchNoun: "room", Order: 2, MatchEnv: "UMPIRE_ROOM",
	}
}
