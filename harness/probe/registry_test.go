package probe

import (
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/game"
)

// init hands this package's tests the suite's parts, as the games'
// registration (harness/games, which imports this package and so cannot be
// imported by its tests) does for the program.
func init() {
	game.Extend(GameInference, InferenceSuite(), CertifyRules(func() map[string]string { return certify.CheckRules(GameInference) }))
	game.Extend(GameBangArena, BangArenaSuite(), CertifyRules(func() map[string]string { return certify.CheckRules(GameBangArena) }))
}
