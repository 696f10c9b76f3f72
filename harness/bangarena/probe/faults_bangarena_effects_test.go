package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaEffectFaultCases are the engine-played faults of
// harness/bangarena/server/faults_effects.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaEffectFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "saloon-self-only", Rule: "bangarena/5.saloon"},
		{Game: conform.GameBangArena, Fault: "weapon-replaced-lost", Rule: "bangarena/5.weapon"},
		{Game: conform.GameBangArena, Fault: "dynamite-before-next", Rule: "bangarena/5.dynamite"},
		{Game: conform.GameBangArena, Fault: "cover-fail-lands", Rule: "bangarena/5.cover"},
		{Game: conform.GameBangArena, Fault: "dynamite-passes-back", Rule: "bangarena/8.dynamite-check"},
		{Game: conform.GameBangArena, Fault: "jail-before-dynamite", Rule: "bangarena/3.dynamite-before-jail"},
	}
}
