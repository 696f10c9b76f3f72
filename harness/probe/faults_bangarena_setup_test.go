package probe

// bangarenaSetupFaultCases are the engine-played faults of
// harness/bangarena/server/faults_setup.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaSetupFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "roles-no-lone", "bangarena/2.role-distribution", nil},
		// +1 at every table: at 5 seats it reads as +0 and the role
		// table's extraMaxHp 1 added up (I-BA-1's reading, SHOULD); at 4
		// and 6 seats it breaks the document's numbers (MUST).
		{GameBangArena, "marshal-bonus-flat", "bangarena/2.marshal-bonus", []string{"bangarena/2.marshal-bonus-alone"}},
		{GameBangArena, "first-turn-after-marshal", "bangarena/2.marshal-first-turn", nil},
		{GameBangArena, "marshal-unannounced", "bangarena/2.marshal-public", nil},
		{GameBangArena, "lone-bonus-hp", "bangarena/2.hidden-no-bonus", nil},
		{GameBangArena, "impostor-for-aide", "bangarena/2.impostor-distribution", nil},
		{GameBangArena, "briefing-impostor-only", "bangarena/2.impostor-briefing", nil},
		{GameBangArena, "impostor-8-no-bonus", "bangarena/2.impostor-8-seats", nil},
		{GameBangArena, "partners-two-lones", "bangarena/2.partners", nil},
		{GameBangArena, "legacy-marshal-by-seats", "bangarena/2.legacy", nil},
		{GameBangArena, "staged-character-dealt", "bangarena/6.character-deal", []string{"bangarena/12.request"}}, // the schema's character enum is §6's list,
		{GameBangArena, "start-hand-printed-hp", "bangarena/6.max-hp", nil},
		{GameBangArena, "draw-three", "bangarena/3.draw-two", nil},
		{GameBangArena, "discard-to-max-hp", "bangarena/3.discard-to-hp", nil},
		{GameBangArena, "reshuffle-keeps-top", "bangarena/3.reshuffle", nil},
		{GameBangArena, "built-in-scope-ignored", "bangarena/4.built-ins", []string{"bangarena/4.distance", "bangarena/6.char-11-eagle-eye"}}, // a Scope forgotten is a wrong distance where dead seats could explain it too, and Eagle Eye's own ability.
		{GameBangArena, "ring-counts-dead", "bangarena/4.distance", nil},
		{GameBangArena, "red-suit-no-extra", "bangarena/6.char-02-red-suit", nil},
		{GameBangArena, "grip-takes-first-card", "bangarena/log.chance", []string{"bangarena/6.char-05-grip"}}, // chance alone (chanceOnlyFaults)
		{GameBangArena, "three-eyes-keeps-three", "bangarena/6.char-07-three-eyes", nil},
		// The cards shown with other suits than umpire's assignment
		// (I-BA-2, SHOULD); more hearts than §8's 21 (MUST).
		{GameBangArena, "diamonds-as-hearts", "bangarena/8.suits", []string{"bangarena/8.card-suits"}},
		{GameBangArena, "saloon-as-shot", "bangarena/5.deck", nil},
	}
}
