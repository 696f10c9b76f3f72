package probe

// bangarenaCharFaultCases are the engine-played faults of
// harness/bangarena/server/faults_chars.go, each with the rule the suite
// must report for it (see faultTable).
func bangarenaCharFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "iron-brow-no-cover", "bangarena/6.char-06-iron-brow", nil},
		{GameBangArena, "lucky-one-try", "bangarena/6.char-08-lucky", nil},
		{GameBangArena, "eagle-eye-no-scope", "bangarena/6.char-11-eagle-eye", nil},
		{GameBangArena, "double-barrel-one-miss", "bangarena/6.char-13-double-barrel", nil},
		{GameBangArena, "raid-from-right", "bangarena/7.queue-order", nil},
		{GameBangArena, "resolving-card-drawable", "bangarena/3.resolving-card", nil},
	}
}
