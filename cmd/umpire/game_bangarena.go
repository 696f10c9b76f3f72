package main

import (
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/games"
)

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
