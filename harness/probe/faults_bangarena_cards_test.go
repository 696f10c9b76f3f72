package probe

// bangarenaCardFaultCases are the engine-played faults of
// harness/bangarena/server/faults_cards.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaCardFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "shot-two-damage", "bangarena/5.shot", nil},
		{GameBangArena, "buckshot-two-damage", "bangarena/5.buckshot", nil},
		{GameBangArena, "raid-two-damage", "bangarena/5.raid", nil},
		{GameBangArena, "duel-two-damage", "bangarena/5.duel", nil},
		{GameBangArena, "wagon-extra-card", "bangarena/5.wagon-caravan", nil},
		{GameBangArena, "jail-escape-off-suit", "bangarena/8.jail-check", nil},
		// Faults of chance alone: every outcome they give is possible, so
		// the log judged with the chance it shows passes; the server
		// declares umpire's generator, which they do not draw from
		// (bangarena/log.chance, a pin; chanceOnlyFaults).
		{GameBangArena, "cover-coin-fixed", "bangarena/log.chance", []string{"bangarena/8.cover-coin", "bangarena/8.cover-fair"}},
		{GameBangArena, "bazaar-from-left", "bangarena/5.bazaar", nil},
		{GameBangArena, "bazaar-counter-clockwise", "bangarena/5.bazaar-clockwise", nil},
		{GameBangArena, "snatch-first-card", "bangarena/log.chance", []string{"bangarena/5.snatch"}},
		{GameBangArena, "toss-first-card", "bangarena/log.chance", []string{"bangarena/5.toss"}},
	}
}
