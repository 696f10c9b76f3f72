package cli

import "github.com/umpire-arena/umpire/harness/gamecli"

// Part is BangArena as the command line drives it.
func Part() *gamecli.Game {
	return &gamecli.Game{
		Serve:          serve(),
		Legal:          legal,
		LegalRules:     legalRules(),
		Validate:       validateRules(),
		Simulate:       simulate,
		Example:        example,
		ExamplePlayers: []string{"random", "heuristic"},
		VerifyUnit:     "event",
		VerifyGroup:    group,
		VerifySummary:  summary,
	}
}
