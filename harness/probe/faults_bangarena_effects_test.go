package probe

// bangarenaEffectFaultCases are the engine-played faults of
// harness/bangarena/server/faults_effects.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaEffectFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "saloon-self-only", "bangarena/5.saloon", nil},
		{GameBangArena, "weapon-replaced-lost", "bangarena/5.weapon", nil},
		{GameBangArena, "dynamite-before-next", "bangarena/5.dynamite", nil},
		{GameBangArena, "cover-fail-lands", "bangarena/5.cover", nil},
		{GameBangArena, "dynamite-passes-back", "bangarena/8.dynamite-check", nil},
		{GameBangArena, "jail-before-dynamite", "bangarena/3.dynamite-before-jail", nil},
	}
}
