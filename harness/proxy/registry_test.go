package proxy

import (
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/probe"
)

// init hands this package's tests the relay's parts (and the suite's: the
// tests start embedded servers through probe), as the games'
// registration (harness/games, which imports this package and so cannot be
// imported by its tests) does for the program.
func init() {
	game.Extend(GameInference, InferenceSide(), probe.InferenceSuite())
	game.Extend(GameBangArena, BangArenaSide(), probe.BangArenaSuite())
}
