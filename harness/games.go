package harness

import (
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	inf "github.com/umpire-arena/umpire/referee/inference"
)

// The games umpire knows, as command lines and reports name them.
const (
	GameInference = "inference"
	GameBangArena = "bangarena"
)

// RulesVersions names what a run of game is judged against: the rules
// version, and for BangArena also the protocol version. Reports record it.
func RulesVersions(game string) []string {
	if game == GameBangArena {
		return []string{ba.RulesetVersion, ba.ProtocolVersion}
	}
	return []string{inf.RulesVersion}
}
