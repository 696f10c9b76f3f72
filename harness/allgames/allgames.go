package allgames

import (
	// Each import registers one game.
	_ "github.com/umpire-arena/umpire/harness/bangarena"
	_ "github.com/umpire-arena/umpire/harness/inference"
)
