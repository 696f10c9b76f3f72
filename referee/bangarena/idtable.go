package bangarena

// Interned actionIds. Most items name one card, or one card and a target
// seat: their actionIds are formatted once, at start-up, by appendID
// itself, so Legal, Items and Apply hand out or compare these strings
// without building them. The items of choices, of picks among the cards in
// play and Bonesetter's pairs are still formatted when asked for.

// maxSeats is the largest table (§2).
const maxSeats = 8

// cardCmds are the commands whose actionId names the card alone.
var cardCmds = [...]cmdKind{cAoe, cRaid, cDraw, cMarket, cHealAll, cHealSelf, cEquipBlue, cWeapon, cMiss, cRaidShot, cDuelShot}

// targetCmds are the commands whose actionId names the card and a target
// seat, by their index in targetIDs.
var targetCmds = [...]cmdKind{cShot, cDuel, cEquipBlue}

// cardIDs[cmd][card] is the actionId of cmd playing card without a target
// ("" for the commands not in cardCmds).
var cardIDs = func() (t [len(cmdNames)][deckSize]string) {
	for _, k := range cardCmds {
		for c := range deckSize {
			a := newAct(k)
			a.card = c
			t[k][c] = string(a.appendID(nil))
		}
	}
	return t
}()

// targetIDs[i][card][seat] is the actionId of targetCmds[i] playing card at
// seat.
var targetIDs = func() (t [len(targetCmds)][deckSize][maxSeats]string) {
	for i, k := range targetCmds {
		for c := range deckSize {
			for s := range maxSeats {
				a := newAct(k)
				a.card, a.target = c, s
				t[i][c][s] = string(a.appendID(nil))
			}
		}
	}
	return t
}()

// interned returns a's actionId when it is interned (ok false otherwise).
func (a act) interned() (id string, ok bool) {
	switch a.cmd {
	case cEndPlay:
		return "end_play", true
	case cDiscard:
		return "discard", true
	case cPass:
		return "pass_reaction", true
	}
	if a.card < 0 || a.card >= deckSize || int(a.cmd) >= len(cmdNames) {
		return "", false
	}
	if a.target < 0 {
		id = cardIDs[a.cmd][a.card]
		return id, id != ""
	}
	if a.target >= maxSeats {
		return "", false
	}
	switch a.cmd {
	case cShot:
		return targetIDs[0][a.card][a.target], true
	case cDuel:
		return targetIDs[1][a.card][a.target], true
	case cEquipBlue:
		return targetIDs[2][a.card][a.target], true
	}
	return "", false
}

// uidAny holds the uids of uidTable as interface values, boxed once: the
// cardUid values of argsSchema maps.
var uidAny = func() (t [deckSize]any) {
	for i, u := range uidTable {
		t[i] = u
	}
	return t
}()
