package probe

// bangarenaGloryFaultCases are the engine-played faults of
// harness/bangarena/server/faults_glory.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaGloryFaultCases() []faultCase {
	return append([]faultCase{
		{GameBangArena, "elim-keeps-cards", "bangarena/9.elimination", nil},
		{GameBangArena, "no-killer", "bangarena/9.killer", nil},
		{GameBangArena, "no-glory-star", "bangarena/9.glory-star", nil},
		{GameBangArena, "heart-no-heal", "bangarena/9.glory-perks", nil},
		{GameBangArena, "bounty-no-cards", "bangarena/9.bounty", nil},
		{GameBangArena, "no-kill-penalty", "bangarena/9.kill-penalty", nil},
		{GameBangArena, "kill-reward-two", "bangarena/9.kill-reward", nil},
		{GameBangArena, "no-last-bullet", "bangarena/9.last-bullet", nil},
		{GameBangArena, "sole-survivor-ignored", "bangarena/10.sole-survivor", nil},
		{GameBangArena, "partners-lones-ignored", "bangarena/10.partners-lones", nil},
		{GameBangArena, "win-check-late", "bangarena/10.win-order", nil},
		{GameBangArena, "leopard-one-card", "bangarena/6.char-01-stone-leopard", nil},
		{GameBangArena, "tollman-no-take", "bangarena/6.char-04-tollman", nil},
		{GameBangArena, "vulture-one-card", "bangarena/6.char-10-vulture-jr", nil},
		{GameBangArena, "empty-hands-no-draw", "bangarena/6.char-14-empty-hands", nil},
		{GameBangArena, "scavenger-no-take", "bangarena/6.char-15-scavenger", nil},
	}, bangarenaProtocolFaultCases()...)
}

// bangarenaProtocolFaultCases are the protocol faults of faults_glory.go.
func bangarenaProtocolFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "discard-args-ignored", "bangarena/13.discard-args", nil},
		{GameBangArena, "second-illegal-skipped", "bangarena/14.random-legal", nil},
		{GameBangArena, "stale-400", "bangarena/server.status-code", nil},
		{GameBangArena, "not-pending-accepted", "bangarena/12.decider", nil},
		{GameBangArena, "request-no-pack-hash", "bangarena/12.request", nil},
		{GameBangArena, "legal-drops-end-play", "bangarena/server.legal-actions", nil},
		{GameBangArena, "action-id-slashes", "bangarena/13.action-ids", nil},
		{GameBangArena, "own-role-hidden", "bangarena/1.what-you-see", []string{"bangarena/11.redaction"}}, // the seat's own role stays hidden at the end too
		{GameBangArena, "log-names-command", "bangarena/1.legal-only", nil},
	}
}
