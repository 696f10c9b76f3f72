package allgamestest

import (
	// Every game, then each game's test parts.
	_ "github.com/umpire-arena/umpire/harness/allgames"
	_ "github.com/umpire-arena/umpire/harness/bangarena/proxyside/proxysidetest"
	_ "github.com/umpire-arena/umpire/harness/inference/proxyside/proxysidetest"
)
