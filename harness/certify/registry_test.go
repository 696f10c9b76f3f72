package certify

import (
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/game"
)

// init hands this package's tests certify's parts, as the games'
// registration (harness/games, which imports this package and so cannot be
// imported by its tests) does for the program.
func init() {
	game.Extend(harness.GameInference, InferenceGame())
	game.Extend(harness.GameBangArena, BangArenaGame())
}
