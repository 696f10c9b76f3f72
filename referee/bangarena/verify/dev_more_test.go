package verify

import (
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestBangArenaSetupAndCardDeviationsCharged: the engine-played faults of
// the deal, draw, distance and card-effect parts (deviations_setup.go,
// deviations_cards.go), as TestBangArenaDeviationsCharged does for §9–§10:
// a self-played log with the deviation on breaks its rule and no other MUST
// (also names a rule that is the same break), and the same seeds without it
// verify clean. Deviations that change only which items are legal
// (ring-counts-dead, built-in-scope-ignored) leave no trace a log can show
// when the seat picks an item legal both ways; the suite's legal-list
// checks prove those.
func TestBangArenaSetupAndCardDeviationsCharged(t *testing.T) {
	all := func(n int, c string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = c
		}
		return out
	}
	tests := []struct {
		dev, rule string
		also      []string
		cfg       ba.Config
	}{
		{ba.DevRolesNoLone, "bangarena/2.role-distribution", nil, ba.Config{Seats: 5}},
		{ba.DevMarshalBonusFlat, "bangarena/2.marshal-bonus", nil, ba.Config{Seats: 4}},
		{ba.DevFirstTurnAfterMarshal, "bangarena/2.marshal-first-turn", nil, ba.Config{Seats: 5}},
		{ba.DevMarshalUnannounced, "bangarena/2.marshal-public", nil, ba.Config{Seats: 5}},
		{ba.DevLoneBonusHp, "bangarena/2.hidden-no-bonus", nil, ba.Config{Seats: 5}},
		{ba.DevImpostorForAide, "bangarena/2.impostor-distribution", nil, ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevBriefingImpostorOnly, "bangarena/2.impostor-briefing", nil, ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevImpostorEightNoBonus, "bangarena/2.impostor-8-seats", nil, ba.Config{Seats: 8, RoleMode: ba.ModeImpostor}},
		{ba.DevPartnersTwoLones, "bangarena/2.partners", nil, ba.Config{Seats: 8, RoleMode: ba.ModePartners}},
		{ba.DevLegacyMarshalBySeats, "bangarena/2.legacy", nil, ba.Config{Seats: 4, RoleMode: ba.ModeLegacy}},
		{ba.DevStartHandPrintedHp, "bangarena/6.max-hp", nil, ba.Config{Seats: 4}}, // the Marshal's +2
		{ba.DevDrawThree, "bangarena/3.draw-two", nil, ba.Config{Seats: 5}},
		{ba.DevDiscardToMaxHp, "bangarena/3.discard-to-hp", nil, ba.Config{Seats: 5}},
		{ba.DevReshuffleKeepsTop, "bangarena/3.reshuffle", nil, ba.Config{Seats: 5}},
		{ba.DevRedSuitNoExtra, "bangarena/6.char-02-red-suit", nil, ba.Config{Seats: 4, Characters: all(4, "char_02")}},
		{ba.DevGripTakesFirstCard, "bangarena/6.char-05-grip", nil, ba.Config{Seats: 4, Characters: all(4, "char_05")}},
		{ba.DevThreeEyesKeepsThree, "bangarena/6.char-07-three-eyes", nil, ba.Config{Seats: 4, Characters: all(4, "char_07")}},
		{ba.DevDiamondsAsHearts, "bangarena/8.suits", []string{"bangarena/8.card-suits"}, ba.Config{Seats: 5}},
		{ba.DevSaloonAsShot, "bangarena/5.deck", nil, ba.Config{Seats: 5}},
		{ba.DevShotTwoDamage, "bangarena/5.shot", nil, ba.Config{Seats: 5}},
		{ba.DevBuckshotTwoDamage, "bangarena/5.buckshot", nil, ba.Config{Seats: 5}},
		{ba.DevRaidTwoDamage, "bangarena/5.raid", nil, ba.Config{Seats: 5}},
		{ba.DevDuelTwoDamage, "bangarena/5.duel", nil, ba.Config{Seats: 5}},
		{ba.DevWagonExtraCard, "bangarena/5.wagon-caravan", nil, ba.Config{Seats: 5}},
		{ba.DevJailEscapeOffSuit, "bangarena/8.jail-check", nil, ba.Config{Seats: 5}},
		{ba.DevCoverCoinFixed, "bangarena/8.cover-coin", nil, ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevBazaarFromLeft, "bangarena/5.bazaar", nil, ba.Config{Seats: 5}},
		// The other way round: only I-BA-15's reading of "clockwise".
		{ba.DevBazaarCounterClockwise, "bangarena/5.bazaar-clockwise", nil, ba.Config{Seats: 5}},
		{ba.DevSnatchFirstCard, "bangarena/5.snatch", nil, ba.Config{Seats: 5}},
		{ba.DevTossFirstCard, "bangarena/5.toss", nil, ba.Config{Seats: 5}},
		{ba.DevSaloonSelfOnly, "bangarena/5.saloon", nil, ba.Config{Seats: 5}},
		{ba.DevWeaponReplacedLost, "bangarena/5.weapon", nil, ba.Config{Seats: 5}},
		{ba.DevDynamiteBeforeNext, "bangarena/5.dynamite", nil, ba.Config{Seats: 5}},
		{ba.DevCoverFailLands, "bangarena/5.cover", nil, ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevCoverFailLands, "bangarena/5.cover", nil, ba.Config{Seats: 4, RoleMode: ba.ModeLegacy, Characters: all(4, "char_06")}}, // a card-based check
		{ba.DevDynamitePassesBack, "bangarena/8.dynamite-check", nil, ba.Config{Seats: 5}},
		{ba.DevJailBeforeDynamite, "bangarena/3.dynamite-before-jail", nil, ba.Config{Seats: 5}},
		// The characters of checks and shots, the queue and the resolving card (deviations_chars.go).
		{ba.DevIronBrowNoCover, "bangarena/6.char-06-iron-brow", nil, ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevLuckyOneTry, "bangarena/6.char-08-lucky", nil, ba.Config{Seats: 4, Characters: all(4, "char_08")}},
		{ba.DevDoubleBarrelOneMiss, "bangarena/6.char-13-double-barrel", nil, ba.Config{Seats: 4, Characters: all(4, "char_13")}},
		{ba.DevRaidFromRight, "bangarena/7.queue-order", nil, ba.Config{Seats: 5}},
		{ba.DevResolvingCardDrawable, "bangarena/3.resolving-card", nil, ba.Config{Seats: 5}},
	}
	for _, tc := range tests {
		t.Run(tc.dev, func(t *testing.T) { chargedAlone(t, tc.dev, tc.rule, tc.also, tc.cfg, 300, 2, true) })
	}
}
