package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults played inside the engine for the deal and setup (§2, §6 deal
// and max hp), the pack (§5 deck, §8 suits), the turn's draw and discard
// steps (§3) and distance (§4): each is the referee deviation of the same
// name (referee/bangarena deviations_setup.go), on for every room while the
// fault is on.
const (
	FaultRolesNoLone           Fault = ref.DevRolesNoLone
	FaultMarshalBonusFlat      Fault = ref.DevMarshalBonusFlat
	FaultFirstTurnAfterMarshal Fault = ref.DevFirstTurnAfterMarshal
	FaultMarshalUnannounced    Fault = ref.DevMarshalUnannounced
	FaultLoneBonusHp           Fault = ref.DevLoneBonusHp
	FaultImpostorForAide       Fault = ref.DevImpostorForAide
	FaultBriefingImpostorOnly  Fault = ref.DevBriefingImpostorOnly
	FaultImpostorEightNoBonus  Fault = ref.DevImpostorEightNoBonus
	FaultPartnersTwoLones      Fault = ref.DevPartnersTwoLones
	FaultLegacyMarshalBySeats  Fault = ref.DevLegacyMarshalBySeats
	FaultStagedCharacterDealt  Fault = ref.DevStagedCharacterDealt
	FaultStartHandPrintedHp    Fault = ref.DevStartHandPrintedHp
	FaultDrawThree             Fault = ref.DevDrawThree
	FaultDiscardToMaxHp        Fault = ref.DevDiscardToMaxHp
	FaultReshuffleKeepsTop     Fault = ref.DevReshuffleKeepsTop
	FaultBuiltInScopeIgnored   Fault = ref.DevBuiltInScopeIgnored
	FaultRingCountsDead        Fault = ref.DevRingCountsDead
	FaultRedSuitNoExtra        Fault = ref.DevRedSuitNoExtra
	FaultGripTakesFirstCard    Fault = ref.DevGripTakesFirstCard
	FaultThreeEyesKeepsThree   Fault = ref.DevThreeEyesKeepsThree
	FaultDiamondsAsHearts      Fault = ref.DevDiamondsAsHearts
	FaultSaloonAsShot          Fault = ref.DevSaloonAsShot
)

// setupFaults lists the faults of this file, each with the rule it breaks.
func setupFaults() []FaultInfo {
	return []FaultInfo{
		{FaultRolesNoLone, "bangarena/2.role-distribution", "§2 role distribution (classic)", "the classic table deals a raider in place of the loner"},
		{FaultMarshalBonusFlat, "bangarena/2.marshal-bonus", "§2 Marshal: max hp bonus by seat count", "the Marshal gets +1 max hp at every table"},
		{FaultFirstTurnAfterMarshal, "bangarena/2.marshal-first-turn", "§2 Marshal takes the first turn", "the seat after the Marshal takes the first turn"},
		{FaultMarshalUnannounced, "bangarena/2.marshal-public", "§2 Marshal public from the deal", "the deal event does not name the Marshal"},
		{FaultLoneBonusHp, "bangarena/2.hidden-no-bonus", "§6 PRIV-1 hidden roles get no bonus", "the loner gets +1 max hp"},
		{FaultImpostorForAide, "bangarena/2.impostor-distribution", "§2 role distribution (impostor mode)", "the Double Agent takes an aide's place instead of a raider's"},
		{FaultBriefingImpostorOnly, "bangarena/2.impostor-briefing", "§2 impostor: the Marshal learns two seats as aides", "the Marshal's briefing names the impostor alone"},
		{FaultImpostorEightNoBonus, "bangarena/2.impostor-8-seats", "§2 impostor: +1 max hp at 8 seats (I-BA-4)", "the 8-seat impostor table adds no max hp"},
		{FaultPartnersTwoLones, "bangarena/2.partners", "§2 partners: same distribution as classic", "partners mode deals a second loner in place of a raider"},
		{FaultLegacyMarshalBySeats, "bangarena/2.legacy", "§2 legacy: Marshal +1 max hp at every table", "the legacy Marshal gets the seat-count bonus"},
		{FaultStagedCharacterDealt, "bangarena/6.character-deal", "§6 characters; staged ones only when enabled", "the staged Preacher is dealt with staged characters off"},
		{FaultStartHandPrintedHp, "bangarena/6.max-hp", "§6 start hand = max hp (+ the Marshal's cards)", "the start hand counts the character's printed hp, not max hp"},
		{FaultDrawThree, "bangarena/3.draw-two", "§3 draw 2", "a plain draw step draws 3 cards"},
		{FaultDiscardToMaxHp, "bangarena/3.discard-to-hp", "§3 discard: hand > hp discards hand − hp", "the turn ends without a discard while the hand is within max hp"},
		{FaultReshuffleKeepsTop, "bangarena/3.reshuffle", "§3 deck empty: the discard pile is shuffled into the deck", "the reshuffle leaves the top discard out"},
		{FaultBuiltInScopeIgnored, "bangarena/4.built-ins", "§4 built-in: char_11 (and char_16) always have a Scope", "Eagle Eye and Mad Dog shoot as if without a Scope"},
		{FaultRingCountsDead, "bangarena/4.distance", "§4 ring of LIVING seats", "dead seats count in the ring distance"},
		{FaultRedSuitNoExtra, "bangarena/6.char-02-red-suit", "§6 char_02 red second card draws one more", "Red Suit draws no extra card on a red second card"},
		{FaultGripTakesFirstCard, "bangarena/6.char-05-grip", "§6 char_05 first draw at random from a hand", "Grip takes the first card of the hand, not a random one"},
		{FaultThreeEyesKeepsThree, "bangarena/6.char-07-three-eyes", "§6 char_07 keeps 2, puts 1 back", "Three Eyes keeps all three cards"},
		{FaultDiamondsAsHearts, "bangarena/8.suits", "§8 deck composition: 21 hearts, 20 diamonds", "the card objects of draws show diamonds as hearts"},
		{FaultSaloonAsShot, "bangarena/5.deck", "§5 the pack: 25 Shots, uids <cardId>_<copy>", "the Saloon is shown as a 26th Shot, shot_26"},
	}
}
