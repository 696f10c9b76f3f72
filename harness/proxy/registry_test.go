package proxy

import (
	baprobe "github.com/umpire-arena/umpire/harness/bangarena/probe"
	"github.com/umpire-arena/umpire/harness/game"
	infprobe "github.com/umpire-arena/umpire/harness/inference/probe"
)

// init hands this package's tests the relay's parts (and the suite's: the
// tests start embedded servers through probe), as the games'
// registration (harness/games, which imports this package and so cannot be
// imported by its tests) does for the program.
func init() {
	game.Extend(GameInference, InferenceSide(), infprobe.Suite())
	game.Extend(GameBangArena, BangArenaSide(), baprobe.Suite())
}
