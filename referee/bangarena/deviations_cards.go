package bangarena

// Deviations of the card effects (§5), reactions (§7) and checks (§8), one
// per rule; the names are the embedded server's fault names.
const (
	// DevShotTwoDamage: a Shot that is not stopped deals 2 damage (5.shot).
	DevShotTwoDamage = "shot-two-damage"
	// DevBuckshotTwoDamage: a Buckshot hit that is not stopped deals 2
	// damage (5.buckshot).
	DevBuckshotTwoDamage = "buckshot-two-damage"
	// DevRaidTwoDamage: a seat that does not discard a Shot against a Raid
	// loses 2 hp (5.raid).
	DevRaidTwoDamage = "raid-two-damage"
	// DevDuelTwoDamage: the loser of a Duel loses 2 hp (5.duel).
	DevDuelTwoDamage = "duel-two-damage"
	// DevWagonExtraCard: Wagon and Caravan draw one card more (5.wagon-caravan).
	DevWagonExtraCard = "wagon-extra-card"
	// DevJailEscapeOffSuit: a Jail check escapes on every suit but spades, not on
	// hearts only (8.jail-check).
	DevJailEscapeOffSuit = "jail-escape-off-suit"
	// DevCoverCoinFixed: the Cover coin is not taken from the match's Chance;
	// every flip comes up lucky (8.cover-coin).
	DevCoverCoinFixed = "cover-coin-fixed"
	// DevBazaarFromLeft: Bazaar's draws start with the player's left
	// neighbour instead of the player (5.bazaar).
	DevBazaarFromLeft = "bazaar-from-left"
	// DevBazaarCounterClockwise: Bazaar's draws start with the player and
	// go round in decreasing seat order (5.bazaar-clockwise, I-BA-15).
	DevBazaarCounterClockwise = "bazaar-counter-clockwise"
	// DevSnatchFirstCard: Snatch from a hand takes its first card, not a
	// random one (5.snatch).
	DevSnatchFirstCard = "snatch-first-card"
	// DevTossFirstCard: Toss from a hand discards its first card, not a
	// random one (5.toss).
	DevTossFirstCard = "toss-first-card"
	// DevBrownCardLost: the first copy of a Shot, Buckshot, Raid, Duel,
	// Snatch or Toss (shot_01, …), played, leaves the game instead of
	// going to the discard pile (§5 brown: played and discarded; shown by
	// discardCount, 11.fields). Only the first copies, so that the match
	// still ends.
	DevBrownCardLost = "brown-card-lost"
)

// Rule ids of the card effects, reactions and checks the engine names as
// the cause of the events it emits applying them (because).
const (
	ruleShot         = "bangarena/5.shot"
	ruleBuckshot     = "bangarena/5.buckshot"
	ruleRaid         = "bangarena/5.raid"
	ruleDuel         = "bangarena/5.duel"
	ruleWagonCaravan = "bangarena/5.wagon-caravan"
	ruleJailCheck    = "bangarena/8.jail-check"
	ruleDynamiteChk  = "bangarena/8.dynamite-check"
	ruleCoverCoin    = "bangarena/8.cover-coin"
	ruleBazaar       = "bangarena/5.bazaar"
	ruleSnatch       = "bangarena/5.snatch"
	ruleToss         = "bangarena/5.toss"
)

// passDamage is the damage a pass_reaction against an attack of kind takes
// and the rule that applies it (the Shot's, Buckshot's, Raid's or Duel's).
func (g *Game) passDamage(kind string) (amt int, rule string) {
	dev := ""
	switch kind {
	case "shot":
		rule, dev = ruleShot, DevShotTwoDamage
	case "aoe_shot":
		rule, dev = ruleBuckshot, DevBuckshotTwoDamage
	case "raid":
		rule, dev = ruleRaid, DevRaidTwoDamage
	case "duel":
		rule, dev = ruleDuel, DevDuelTwoDamage
	}
	if dev != "" && g.deviates(dev) {
		return 2, rule
	}
	return 1, rule
}
