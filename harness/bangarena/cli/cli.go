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
		SimAdversaries: []string{"random", "heuristic"},
		Help: gamecli.Help{
			Mode:       "the role mode, one of classic, partners, impostor or legacy (default classic)",
			SeatPolicy: "reask_then_random (default), skip or random",
			Deal: "umpire compares the log's chance with umpire's generator from the seed (its server declares it), " +
				"otherwise the chance the log shows is judged alone",
			Seed: "a candidate match seed, or the run seed of umpire simulate; the log's seedCommit picks the right one",
			Proxy: "GET .../observe, POST .../decision, MCP at /mcp; over MCP the arena_get_decision_request and " +
				"arena_submit_decision tool calls are judged like observe and decision, other MCP traffic is relayed unjudged.",
		},
	}
}
