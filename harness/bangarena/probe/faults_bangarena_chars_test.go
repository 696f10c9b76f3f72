package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaCharFaultCases are the engine-played faults of
// harness/bangarena/server/faults_chars.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaCharFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "iron-brow-no-cover", Rule: "bangarena/6.char-06-iron-brow"},
		{Game: conform.GameBangArena, Fault: "lucky-one-try", Rule: "bangarena/6.char-08-lucky"},
		{Game: conform.GameBangArena, Fault: "eagle-eye-no-scope", Rule: "bangarena/6.char-11-eagle-eye"},
		{Game: conform.GameBangArena, Fault: "double-barrel-one-miss", Rule: "bangarena/6.char-13-double-barrel"},
		{Game: conform.GameBangArena, Fault: "raid-from-right", Rule: "bangarena/7.queue-order"},
		{Game: conform.GameBangArena, Fault: "resolving-card-drawable", Rule: "bangarena/3.resolving-card"},
	}
}
