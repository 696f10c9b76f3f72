package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaFairFaultCases are the faults of
// harness/bangarena/server/faults_fair.go (the draws the documents call
// random), each with the rule the suite must report for it (see
// faultTable): only the fairness checks over many rooms see them.
func bangarenaFairFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "coin-biased", Rule: "bangarena/8.cover-fair"},
		{Game: conform.GameBangArena, Fault: "roles-fixed", Rule: "bangarena/2.roles-at-random"},
		{Game: conform.GameBangArena, Fault: "briefing-first-aide", Rule: "bangarena/2.briefing-random-aide"},
		// The roles shown after a normal end (faults_reveal.go).
		{Game: conform.GameBangArena, Fault: "roles-hidden-at-end", Rule: "bangarena/11.redaction"},
		// The deal at a size the session rooms do not play (faults_sizes.go).
		{Game: conform.GameBangArena, Fault: "seven-seats-one-aide", Rule: "bangarena/2.role-distribution"},
		// The pack a request names (faults_pack.go; a reading: SHOULD).
		{Game: conform.GameBangArena, Fault: "pack-hash-other", Rule: "bangarena/12.pack-hash"},
		// basedOnVersion not read (faults_pack.go): its stale decision is
		// refused with 422, not the pinned 409 (a pin: SHOULD).
		{Game: conform.GameBangArena, Fault: "version-mismatch", Rule: "bangarena/11.version"},
		{Game: conform.GameBangArena, Fault: "deadline-null-pending", Rule: "bangarena/12.deadline-at"},
		{Game: conform.GameBangArena, Fault: "relay-message", Rule: "bangarena/1.no-free-text"},
		{Game: conform.GameBangArena, Fault: "based-on-ignored", Rule: "bangarena/server.based-on-version", Also: []string{"bangarena/server.status-code"}},
	}
}
