package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaRecipeFaultCases are the faults of
// harness/bangarena/server/faults_recipe.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaRecipeFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "legal-mask-short", Rule: "bangarena/12.legal-mask"},
	}
}
