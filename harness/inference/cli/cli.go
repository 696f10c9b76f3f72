package cli

import "github.com/umpire-arena/umpire/harness/gamecli"

// Part is Inference as the command line drives it.
func Part() *gamecli.Game {
	return &gamecli.Game{
		Serve:          serve(),
		Legal:          legal,
		LegalRules:     legalRules(),
		Validate:       validateRules(),
		Simulate:       simulate,
		Example:        example,
		ExamplePlayers: []string{"random", "passive", "aggressive", "heuristic"},
		VerifyUnit:     "round",
		VerifyGroup:    group,
		VerifySummary:  summary,
	}
}
