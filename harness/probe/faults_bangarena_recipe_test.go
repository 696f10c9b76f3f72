package probe

// bangarenaRecipeFaultCases are the faults of
// harness/bangarena/server/faults_recipe.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaRecipeFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "legal-mask-short", "bangarena/12.legal-mask", nil},
	}
}
