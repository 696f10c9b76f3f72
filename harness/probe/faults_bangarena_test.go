package probe

// bangarenaFaultCases are the bangarena server's faults, each with the rule the suite
// must report for it (see faultTable).
func bangarenaFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "skip-reask", "bangarena/server.reask", nil},
		{GameBangArena, "no-duplicate", "bangarena/server.duplicate-command", nil},
		{GameBangArena, "accept-stale", "bangarena/server.stale-version", nil},
		{GameBangArena, "stale-applied", "bangarena/server.stale-version", nil},
		{GameBangArena, "accept-future", "bangarena/server.future-version", nil},
		{GameBangArena, "leak-hand", "bangarena/11.redaction", nil},
		{GameBangArena, "leak-role", "bangarena/11.redaction", nil},
		{GameBangArena, "wrong-token-accepted", "bangarena/server.token", nil},
		{GameBangArena, "jail-marshal", "bangarena/5.jail", []string{"bangarena/server.legal-actions"}},
		{GameBangArena, "500-on-malformed", "bangarena/server.malformed-body", nil},
		{GameBangArena, "ignore-deadline", "bangarena/14.default-action", nil},
		{GameBangArena, "answer-without-version", "bangarena/server.answer-shape", nil},
		{GameBangArena, "log-drops-decision", "bangarena/server.replay", []string{"bangarena/log.complete"}},
		{GameBangArena, "mcp-missing-tool", "bangarena/server.mcp-tools", nil},
		// The game-rule faults (harness/bangarena/server/faults_rules.go).
		{GameBangArena, "second-shot", "bangarena/3.shot-limit", nil},
		{GameBangArena, "range-plus-one", "bangarena/4.range", nil},
		{GameBangArena, "pass-shadow-no-horse", "bangarena/6.char-09-pass-shadow", nil},
		{GameBangArena, "horse-ignored", "bangarena/5.horse-scope", nil},
		{GameBangArena, "snatch-far", "bangarena/4.steal-distance", nil},
		{GameBangArena, "duel-self", "bangarena/4.self-target", nil},
		{GameBangArena, "jail-self", "bangarena/4.targets", []string{"bangarena/server.legal-actions"}},
		{GameBangArena, "blue-twice", "bangarena/5.blue-offer", nil},
		{GameBangArena, "heal-at-noon", "bangarena/8.high-noon", nil},
		{GameBangArena, "miss-against-raid", "bangarena/7.reactions", nil},
		{GameBangArena, "end-play-in-reaction", "bangarena/3.phases", nil},
		{GameBangArena, "look-top-hand-card", "bangarena/13.choices", nil},
		{GameBangArena, "mad-dog-one-shot", "bangarena/6.char-16-mad-dog", nil},
		{GameBangArena, "leak-look-top", "bangarena/11.look-top", nil},
		{GameBangArena, "leak-draws", "bangarena/11.events", nil},
		{GameBangArena, "leak-hand-takes", "bangarena/11.events", nil},
		{GameBangArena, "no-reaction-queue", "bangarena/7.pending-shape", nil},
		{GameBangArena, "deck-count-off", "bangarena/11.fields", nil},
		{GameBangArena, "law-winners-living", "bangarena/10.law-wins", nil},
		{GameBangArena, "raider-winners-living", "bangarena/10.marshal-dead", nil},
		{GameBangArena, "args-ignored", "bangarena/12.args-contradict", nil},
		{GameBangArena, "glory-default-range", "bangarena/13.glory-default", nil},
		{GameBangArena, "discard-heal-anyone", "bangarena/6.char-12-bonesetter", nil},
		{GameBangArena, "flask-full-hp", "bangarena/5.flask", nil},
		{GameBangArena, "two-faced-for-all", "bangarena/6.char-03-two-faced", nil},
		{GameBangArena, "turn-seat-of-decider", "bangarena/3.turn-order", nil},
	}
}
