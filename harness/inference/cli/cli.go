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
		SimAdversaries: []string{"random", "passive", "aggressive", "heuristic"},
		Help: gamecli.Help{
			Deal: "auto re-derives hidden values from the revealed seed when the log shows umpire's deal function, umpire always, other never",
			Proxy: "the WebSocket /ws/inference?match=ID&seat=N with its hello, relayed as a byte tunnel; " +
				"its judges take a bounded share of the CPU, and what they could not keep up with is relayed unjudged " +
				"and reported inconclusive (relay-coverage).",
		},
	}
}
