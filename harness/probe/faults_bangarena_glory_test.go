package probe

// bangarenaGloryFaultCases are the engine-played faults of
// harness/server/bangarena/faults_glory.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaGloryFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "elim-keeps-cards", "bangarena/9.elimination", nil},
		{GameBangArena, "no-killer", "bangarena/9.killer", nil},
		{GameBangArena, "no-glory-star", "bangarena/9.glory-star", nil},
		{GameBangArena, "heart-no-heal", "bangarena/9.glory-perks", nil},
		{GameBangArena, "bounty-no-cards", "bangarena/9.bounty", nil},
		{GameBangArena, "no-kill-penalty", "bangarena/9.kill-penalty", nil},
		{GameBangArena, "kill-reward-two", "bangarena/9.kill-reward", nil},
		{GameBangArena, "no-last-bullet", "bangarena/9.last-bullet", nil},
		{GameBangArena, "sole-survivor-ignored", "bangarena/10.sole-survivor", nil},
		{GameBangArena, "partners-lones-ignored", "bangarena/10.partners-lones", nil},
		{GameBangArena, "win-check-late", "bangarena/10.win-order", nil},
		{GameBangArena, "leopard-one-card", "bangarena/6.char-01-stone-leopard", nil},
		{GameBangArena, "tollman-no-take", "bangarena/6.char-04-tollman", nil},
		{GameBangArena, "vulture-one-card", "bangarena/6.char-10-vulture-jr", nil},
		{GameBangArena, "empty-hands-no-draw", "bangarena/6.char-14-empty-hands", nil},
		{GameBangArena, "scavenger-no-take", "bangarena/6.char-15-scavenger", nil},
	}
}
