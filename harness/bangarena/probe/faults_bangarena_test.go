package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaFaultCases are the bangarena server's faults, each with the rule the suite
// must report for it (see faultTable).
func bangarenaFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "skip-reask", Rule: "bangarena/server.reask"},
		{Game: conform.GameBangArena, Fault: "no-duplicate", Rule: "bangarena/server.duplicate-command"},
		{Game: conform.GameBangArena, Fault: "accept-stale", Rule: "bangarena/server.stale-version"},
		{Game: conform.GameBangArena, Fault: "stale-applied", Rule: "bangarena/server.stale-version"},
		{Game: conform.GameBangArena, Fault: "accept-future", Rule: "bangarena/server.future-version"},
		{Game: conform.GameBangArena, Fault: "leak-hand", Rule: "bangarena/11.redaction"},
		{Game: conform.GameBangArena, Fault: "leak-role", Rule: "bangarena/11.redaction"},
		{Game: conform.GameBangArena, Fault: "wrong-token-accepted", Rule: "bangarena/server.token"},
		{Game: conform.GameBangArena, Fault: "jail-marshal", Rule: "bangarena/5.jail", Also: []string{"bangarena/server.legal-actions"}},
		{Game: conform.GameBangArena, Fault: "500-on-malformed", Rule: "bangarena/server.malformed-body"},
		{Game: conform.GameBangArena, Fault: "ignore-deadline", Rule: "bangarena/14.default-action"},
		{Game: conform.GameBangArena, Fault: "timeout-early", Rule: "bangarena/14.not-before-deadline"},
		{Game: conform.GameBangArena, Fault: "timeout-not-default", Rule: "bangarena/14.default-action"},
		{Game: conform.GameBangArena, Fault: "no-legal-mask", Rule: "bangarena/12.legal-mask-present"},
		{Game: conform.GameBangArena, Fault: "checks-private", Rule: "bangarena/11.events"},
		{Game: conform.GameBangArena, Fault: "leak-role-events", Rule: "bangarena/11.events"},
		{Game: conform.GameBangArena, Fault: "leak-deck", Rule: "bangarena/11.deck-hidden"},
		{Game: conform.GameBangArena, Fault: "answer-without-version", Rule: "bangarena/server.answer-shape"},
		{Game: conform.GameBangArena, Fault: "log-drops-decision", Rule: "bangarena/server.replay", Also: []string{"bangarena/log.complete"}},
		{Game: conform.GameBangArena, Fault: "mcp-missing-tool", Rule: "bangarena/server.mcp-tools"},
		// The game-rule faults (harness/bangarena/server/faults_rules.go).
		{Game: conform.GameBangArena, Fault: "second-shot", Rule: "bangarena/3.shot-limit"},
		{Game: conform.GameBangArena, Fault: "range-plus-one", Rule: "bangarena/4.range"},
		{Game: conform.GameBangArena, Fault: "pass-shadow-no-horse", Rule: "bangarena/6.char-09-pass-shadow"},
		{Game: conform.GameBangArena, Fault: "horse-ignored", Rule: "bangarena/5.horse-scope"},
		{Game: conform.GameBangArena, Fault: "snatch-far", Rule: "bangarena/4.steal-distance"},
		{Game: conform.GameBangArena, Fault: "duel-self", Rule: "bangarena/4.self-target"},
		{Game: conform.GameBangArena, Fault: "jail-self", Rule: "bangarena/4.targets", Also: []string{"bangarena/server.legal-actions"}},
		{Game: conform.GameBangArena, Fault: "blue-twice", Rule: "bangarena/5.blue-offer"},
		{Game: conform.GameBangArena, Fault: "heal-at-noon", Rule: "bangarena/8.high-noon"},
		{Game: conform.GameBangArena, Fault: "miss-against-raid", Rule: "bangarena/7.reactions"},
		{Game: conform.GameBangArena, Fault: "end-play-in-reaction", Rule: "bangarena/3.phases"},
		{Game: conform.GameBangArena, Fault: "look-top-hand-card", Rule: "bangarena/13.choices"},
		{Game: conform.GameBangArena, Fault: "mad-dog-one-shot", Rule: "bangarena/6.char-16-mad-dog"},
		{Game: conform.GameBangArena, Fault: "leak-look-top", Rule: "bangarena/11.look-top"},
		{Game: conform.GameBangArena, Fault: "leak-draws", Rule: "bangarena/11.events"},
		{Game: conform.GameBangArena, Fault: "leak-hand-takes", Rule: "bangarena/11.events"},
		{Game: conform.GameBangArena, Fault: "no-reaction-queue", Rule: "bangarena/7.pending-shape"},
		{Game: conform.GameBangArena, Fault: "deck-count-off", Rule: "bangarena/11.fields"},
		{Game: conform.GameBangArena, Fault: "law-winners-living", Rule: "bangarena/10.law-wins"},
		{Game: conform.GameBangArena, Fault: "raider-winners-living", Rule: "bangarena/10.marshal-dead"},
		{Game: conform.GameBangArena, Fault: "args-ignored", Rule: "bangarena/12.args-contradict"},
		{Game: conform.GameBangArena, Fault: "glory-default-range", Rule: "bangarena/13.glory-default"},
		{Game: conform.GameBangArena, Fault: "discard-heal-anyone", Rule: "bangarena/6.char-12-bonesetter"},
		{Game: conform.GameBangArena, Fault: "heal-when-not-asked", Rule: "bangarena/6.char-12-own-decisions"},
		{Game: conform.GameBangArena, Fault: "flask-full-hp", Rule: "bangarena/5.flask"},
		{Game: conform.GameBangArena, Fault: "two-faced-for-all", Rule: "bangarena/6.char-03-two-faced"},
		{Game: conform.GameBangArena, Fault: "turn-seat-of-decider", Rule: "bangarena/3.turn-order"},
	}
}
