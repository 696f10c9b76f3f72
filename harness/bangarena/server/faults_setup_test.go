package server

// setupFaultRules are the rules the engine-played faults of faults_setup.go
// break (TestFaultListNamesRules).
func setupFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultRolesNoLone: "bangarena/2.role-distribution", FaultMarshalBonusFlat: "bangarena/2.marshal-bonus",
		FaultFirstTurnAfterMarshal: "bangarena/2.marshal-first-turn", FaultMarshalUnannounced: "bangarena/2.marshal-public",
		FaultLoneBonusHp: "bangarena/2.hidden-no-bonus", FaultImpostorForAide: "bangarena/2.impostor-distribution",
		FaultBriefingImpostorOnly: "bangarena/2.impostor-briefing", FaultImpostorEightNoBonus: "bangarena/2.impostor-8-seats",
		FaultPartnersTwoLones: "bangarena/2.partners", FaultLegacyMarshalBySeats: "bangarena/2.legacy",
		FaultStagedCharacterDealt: "bangarena/6.character-deal", FaultStartHandPrintedHp: "bangarena/6.max-hp",
		FaultDrawThree: "bangarena/3.draw-two", FaultDiscardToMaxHp: "bangarena/3.discard-to-hp",
		FaultReshuffleKeepsTop: "bangarena/3.reshuffle", FaultBuiltInScopeIgnored: "bangarena/4.built-ins",
		FaultRingCountsDead: "bangarena/4.distance", FaultRedSuitNoExtra: "bangarena/6.char-02-red-suit",
		FaultGripTakesFirstCard: "bangarena/6.char-05-grip", FaultThreeEyesKeepsThree: "bangarena/6.char-07-three-eyes",
		FaultDiamondsAsHearts: "bangarena/8.suits", FaultSaloonAsShot: "bangarena/5.deck",
	}
}
