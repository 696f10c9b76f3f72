package main

import (
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/games"
)

// init hands the command line's bodies to the game's registration.
func init() { game.Extend(harness.GameBangArena, bangarenaCLI()) }

// bangarenaCLI is BangArena as the command line drives it.
func bangarenaCLI() *cliGame {
	g, _ := games.Lookup(harness.GameBangArena)
	return &cliGame{
		Game:          g,
		serveSynopsis: serveBangArenaSynopsis,
		serve:         serveBangArena,
		hostLimits:    bangArenaHostLimits,
		legal:         legalBangArena,
		legalRules:    bangarenaLegalRules(),
		validate:      bangarenaValidateRules(),
		simulate:      simulateBangArenaArgs,
		example:       exampleBangArena,
		verifyUnit:    "event",
		verifyGroup:   (*findingWriter).bangGroup,
		verifySummary: (*findingWriter).bangSummary,
	}
}
