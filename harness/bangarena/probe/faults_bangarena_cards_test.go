package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaCardFaultCases are the engine-played faults of
// harness/bangarena/server/faults_cards.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaCardFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "shot-two-damage", Rule: "bangarena/5.shot"},
		{Game: conform.GameBangArena, Fault: "buckshot-two-damage", Rule: "bangarena/5.buckshot"},
		{Game: conform.GameBangArena, Fault: "raid-two-damage", Rule: "bangarena/5.raid"},
		{Game: conform.GameBangArena, Fault: "duel-two-damage", Rule: "bangarena/5.duel"},
		{Game: conform.GameBangArena, Fault: "wagon-extra-card", Rule: "bangarena/5.wagon-caravan"},
		{Game: conform.GameBangArena, Fault: "jail-escape-off-suit", Rule: "bangarena/8.jail-check"},
		// Faults of chance alone: every outcome they give is possible, so
		// the log judged with the chance it shows passes; the server
		// declares umpire's generator, which they do not draw from
		// (bangarena/log.chance, a pin; chanceOnlyFaults).
		{Game: conform.GameBangArena, Fault: "cover-coin-fixed", Rule: "bangarena/log.chance", Also: []string{"bangarena/8.cover-coin", "bangarena/8.cover-fair"}},
		{Game: conform.GameBangArena, Fault: "bazaar-from-left", Rule: "bangarena/5.bazaar"},
		{Game: conform.GameBangArena, Fault: "bazaar-counter-clockwise", Rule: "bangarena/5.bazaar-clockwise"},
		{Game: conform.GameBangArena, Fault: "snatch-first-card", Rule: "bangarena/log.chance", Also: []string{"bangarena/5.snatch"}},
		{Game: conform.GameBangArena, Fault: "toss-first-card", Rule: "bangarena/log.chance", Also: []string{"bangarena/5.toss"}},
		// §5 brown: played and discarded. The pile's size shows where a
		// played brown card went: the judge of the seats re-derives
		// discardCount after it, and the log verifier the count of the next
		// reshuffle, which gathers the discard pile (the same card missing).
		{Game: conform.GameBangArena, Fault: "brown-card-lost", Rule: "bangarena/11.fields", Also: []string{"bangarena/3.reshuffle"}},
	}
}
