package probe

// bangarenaFaultCases are the bangarena server's faults, each with the rule the suite
// must report for it (see faultTable).
func bangarenaFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "skip-reask", "bangarena/server.reask", nil},
		{GameBangArena, "no-duplicate", "bangarena/server.duplicate-command", nil},
		{GameBangArena, "accept-stale", "bangarena/server.stale-version", nil},
		{GameBangArena, "stale-applied", "bangarena/server.stale-version", nil},
		{GameBangArena, "leak-hand", "bangarena/11.redaction", nil},
		{GameBangArena, "leak-role", "bangarena/11.redaction", nil},
		{GameBangArena, "wrong-token-accepted", "bangarena/server.token", nil},
		{GameBangArena, "jail-marshal", "bangarena/5.jail", []string{"bangarena/server.legal-actions"}},
		{GameBangArena, "500-on-malformed", "bangarena/server.malformed-body", nil},
		{GameBangArena, "ignore-deadline", "bangarena/14.default-action", nil},
		{GameBangArena, "answer-without-version", "bangarena/server.answer-shape", nil},
		{GameBangArena, "log-drops-decision", "bangarena/server.replay", []string{"bangarena/log.complete"}},
		{GameBangArena, "mcp-missing-tool", "bangarena/server.mcp-tools", nil},
	}
}
