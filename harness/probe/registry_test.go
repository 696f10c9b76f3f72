package probe

import (
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/game"
)

// init hands this package's tests the suite's parts, as the games'
// registration (harness/games, which imports this package and so cannot be
// imported by its tests) does for the program.
func init() {
	game.Extend(GameInference, InferenceSuite(), CertifyRules(certify.InferenceGame().CheckRules))
	game.Extend(GameBangArena, BangArenaSuite(), CertifyRules(certify.BangArenaGame().CheckRules))
}
