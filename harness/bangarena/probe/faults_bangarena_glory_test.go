package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaGloryFaultCases are the engine-played faults of
// harness/bangarena/server/faults_glory.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaGloryFaultCases() []faultCase {
	return append([]faultCase{
		{Game: conform.GameBangArena, Fault: "elim-keeps-cards", Rule: "bangarena/9.elimination"},
		{Game: conform.GameBangArena, Fault: "no-killer", Rule: "bangarena/9.killer"},
		{Game: conform.GameBangArena, Fault: "no-glory-star", Rule: "bangarena/9.glory-star"},
		{Game: conform.GameBangArena, Fault: "heart-no-heal", Rule: "bangarena/9.glory-perks"},
		{Game: conform.GameBangArena, Fault: "bounty-no-cards", Rule: "bangarena/9.bounty"},
		{Game: conform.GameBangArena, Fault: "no-kill-penalty", Rule: "bangarena/9.kill-penalty"},
		{Game: conform.GameBangArena, Fault: "kill-reward-two", Rule: "bangarena/9.kill-reward"},
		{Game: conform.GameBangArena, Fault: "no-last-bullet", Rule: "bangarena/9.last-bullet"},
		{Game: conform.GameBangArena, Fault: "sole-survivor-ignored", Rule: "bangarena/10.sole-survivor"},
		{Game: conform.GameBangArena, Fault: "partners-lones-ignored", Rule: "bangarena/10.partners-lones"},
		{Game: conform.GameBangArena, Fault: "win-check-late", Rule: "bangarena/10.win-order"},
		{Game: conform.GameBangArena, Fault: "leopard-one-card", Rule: "bangarena/6.char-01-stone-leopard"},
		{Game: conform.GameBangArena, Fault: "tollman-no-take", Rule: "bangarena/6.char-04-tollman"},
		{Game: conform.GameBangArena, Fault: "vulture-one-card", Rule: "bangarena/6.char-10-vulture-jr"},
		{Game: conform.GameBangArena, Fault: "empty-hands-no-draw", Rule: "bangarena/6.char-14-empty-hands"},
		{Game: conform.GameBangArena, Fault: "scavenger-no-take", Rule: "bangarena/6.char-15-scavenger"},
	}, bangarenaProtocolFaultCases()...)
}

// bangarenaProtocolFaultCases are the protocol faults of faults_glory.go.
func bangarenaProtocolFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "discard-args-ignored", Rule: "bangarena/13.discard-args"},
		{Game: conform.GameBangArena, Fault: "second-illegal-skipped", Rule: "bangarena/14.random-legal"},
		{Game: conform.GameBangArena, Fault: "stale-400", Rule: "bangarena/server.status-code"},
		{Game: conform.GameBangArena, Fault: "not-pending-accepted", Rule: "bangarena/12.decider"},
		{Game: conform.GameBangArena, Fault: "request-no-pack-hash", Rule: "bangarena/12.request"},
		{Game: conform.GameBangArena, Fault: "legal-drops-end-play", Rule: "bangarena/server.legal-actions"},
		{Game: conform.GameBangArena, Fault: "action-id-slashes", Rule: "bangarena/13.action-ids"},
		{Game: conform.GameBangArena, Fault: "own-role-hidden", Rule: "bangarena/1.what-you-see", Also: []string{"bangarena/11.redaction"}}, // the seat's own role stays hidden at the end too
		{Game: conform.GameBangArena, Fault: "log-names-command", Rule: "bangarena/1.legal-only"},
	}
}
