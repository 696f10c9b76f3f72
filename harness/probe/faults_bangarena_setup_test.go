package probe

// bangarenaSetupFaultCases are the engine-played faults of
// harness/server/bangarena/faults_setup.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaSetupFaultCases() []faultCase {
	return nil
}
