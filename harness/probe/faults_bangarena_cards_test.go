package probe

// bangarenaCardFaultCases are the engine-played faults of
// harness/server/bangarena/faults_cards.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaCardFaultCases() []faultCase {
	return nil
}
