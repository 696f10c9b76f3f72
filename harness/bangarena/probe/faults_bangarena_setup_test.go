package probe

import "github.com/umpire-arena/umpire/harness/conform"

// bangarenaSetupFaultCases are the engine-played faults of
// harness/bangarena/server/faults_setup.go, each with the rule the suite must
// report for it (see faultTable).
func bangarenaSetupFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "roles-no-lone", Rule: "bangarena/2.role-distribution"},
		// +1 at every table: at 5 seats it reads as +0 and the role
		// table's extraMaxHp 1 added up (I-BA-1's reading, SHOULD); at 4
		// and 6 seats it breaks the document's numbers (MUST).
		{Game: conform.GameBangArena, Fault: "marshal-bonus-flat", Rule: "bangarena/2.marshal-bonus", Also: []string{"bangarena/2.marshal-bonus-alone"}},
		{Game: conform.GameBangArena, Fault: "first-turn-after-marshal", Rule: "bangarena/2.marshal-first-turn"},
		{Game: conform.GameBangArena, Fault: "marshal-unannounced", Rule: "bangarena/2.marshal-public"},
		{Game: conform.GameBangArena, Fault: "lone-bonus-hp", Rule: "bangarena/2.hidden-no-bonus"},
		{Game: conform.GameBangArena, Fault: "impostor-for-aide", Rule: "bangarena/2.impostor-distribution"},
		{Game: conform.GameBangArena, Fault: "briefing-impostor-only", Rule: "bangarena/2.impostor-briefing"},
		{Game: conform.GameBangArena, Fault: "impostor-8-no-bonus", Rule: "bangarena/2.impostor-8-seats"},
		{Game: conform.GameBangArena, Fault: "partners-two-lones", Rule: "bangarena/2.partners"},
		{Game: conform.GameBangArena, Fault: "legacy-marshal-by-seats", Rule: "bangarena/2.legacy"},
		{Game: conform.GameBangArena, Fault: "staged-character-dealt", Rule: "bangarena/6.character-deal", Also: []string{"bangarena/12.request"}}, // the schema's character enum is §6's list,
		{Game: conform.GameBangArena, Fault: "start-hand-printed-hp", Rule: "bangarena/6.max-hp"},
		{Game: conform.GameBangArena, Fault: "draw-three", Rule: "bangarena/3.draw-two"},
		{Game: conform.GameBangArena, Fault: "discard-to-max-hp", Rule: "bangarena/3.discard-to-hp"},
		{Game: conform.GameBangArena, Fault: "reshuffle-keeps-top", Rule: "bangarena/3.reshuffle"},
		{Game: conform.GameBangArena, Fault: "built-in-scope-ignored", Rule: "bangarena/4.built-ins", Also: []string{"bangarena/4.distance", "bangarena/6.char-11-eagle-eye"}}, // a Scope forgotten is a wrong distance where dead seats could explain it too, and Eagle Eye's own ability.
		{Game: conform.GameBangArena, Fault: "ring-counts-dead", Rule: "bangarena/4.distance"},
		{Game: conform.GameBangArena, Fault: "red-suit-no-extra", Rule: "bangarena/6.char-02-red-suit"},
		{Game: conform.GameBangArena, Fault: "grip-takes-first-card", Rule: "bangarena/log.chance", Also: []string{"bangarena/6.char-05-grip"}}, // chance alone (chanceOnlyFaults)
		{Game: conform.GameBangArena, Fault: "three-eyes-keeps-three", Rule: "bangarena/6.char-07-three-eyes"},
		// The cards shown with other suits than umpire's assignment
		// (I-BA-2, SHOULD); more hearts than §8's 21 (MUST).
		{Game: conform.GameBangArena, Fault: "diamonds-as-hearts", Rule: "bangarena/8.suits", Also: []string{"bangarena/8.card-suits"}},
		{Game: conform.GameBangArena, Fault: "saloon-as-shot", Rule: "bangarena/5.deck"},
	}
}
