package probe

// bangarenaGloryFaultCases are the engine-played faults of
// harness/server/bangarena/faults_glory.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaGloryFaultCases() []faultCase {
	return nil
}
