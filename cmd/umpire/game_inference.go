package main

import (
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/games"
)

// init hands the command line's bodies to the game's registration.
func init() { game.Extend(harness.GameInference, inferenceCLI()) }

// inferenceCLI is Inference as the command line drives it.
func inferenceCLI() *cliGame {
	g, _ := games.Lookup(harness.GameInference)
	return &cliGame{
		Game:          g,
		serveSynopsis: serveInferenceSynopsis,
		serve:         serveInference,
		hostLimits:    inferenceHostLimits,
		legal:         legalInference,
		legalRules:    inferenceLegalRules(),
		validate:      inferenceValidateRules(),
		simulate:      simulateInference,
		example:       exampleInference,
		verifyUnit:    "round",
		verifyGroup:   (*findingWriter).group,
		verifySummary: (*findingWriter).summary,
	}
}
