package probe

// bangarenaFairFaultCases are the faults of
// harness/bangarena/server/faults_fair.go (the draws the documents call
// random), each with the rule the suite must report for it (see
// faultTable): only the fairness checks over many rooms see them.
func bangarenaFairFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "coin-biased", "bangarena/8.cover-fair", nil},
		{GameBangArena, "roles-fixed", "bangarena/2.roles-at-random", nil},
		{GameBangArena, "briefing-first-aide", "bangarena/2.briefing-random-aide", nil},
		// The roles shown after a normal end (faults_reveal.go).
		{GameBangArena, "roles-hidden-at-end", "bangarena/11.redaction", nil},
		// The deal at a size the session rooms do not play (faults_sizes.go).
		{GameBangArena, "seven-seats-one-aide", "bangarena/2.role-distribution", nil},
		// The pack a request names (faults_pack.go; a reading: SHOULD).
		{GameBangArena, "pack-hash-other", "bangarena/12.pack-hash", nil},
		// basedOnVersion not read (faults_pack.go): its stale decision is
		// refused with 422, not the pinned 409 (a pin: SHOULD).
		{GameBangArena, "version-mismatch", "bangarena/11.version", nil},
		{GameBangArena, "deadline-null-pending", "bangarena/12.deadline-at", nil},
		{GameBangArena, "relay-message", "bangarena/1.no-free-text", nil},
		{GameBangArena, "based-on-ignored", "bangarena/server.based-on-version", []string{"bangarena/server.status-code"}},
	}
}
