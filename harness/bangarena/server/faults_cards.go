package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults played inside the engine for card effects (§5), reactions (§7)
// and checks (§8), each named after its referee deviation.
const (
	// FaultShotTwoDamage: an unstopped Shot deals 2 damage.
	FaultShotTwoDamage Fault = ref.DevShotTwoDamage
	// FaultBuckshotTwoDamage: an unstopped Buckshot hit deals 2 damage.
	FaultBuckshotTwoDamage Fault = ref.DevBuckshotTwoDamage
	// FaultRaidTwoDamage: a seat that lets a Raid through loses 2 hp.
	FaultRaidTwoDamage Fault = ref.DevRaidTwoDamage
	// FaultDuelTwoDamage: the loser of a Duel loses 2 hp.
	FaultDuelTwoDamage Fault = ref.DevDuelTwoDamage
	// FaultWagonExtraCard: Wagon and Caravan draw one card too many.
	FaultWagonExtraCard Fault = ref.DevWagonExtraCard
	// FaultJailEscapeOffSuit: a Jail check escapes on every suit but spades.
	FaultJailEscapeOffSuit Fault = ref.DevJailEscapeOffSuit
	// FaultCoverCoinFixed: the Cover coin always comes up lucky, not from
	// the match RNG.
	FaultCoverCoinFixed Fault = ref.DevCoverCoinFixed
	// FaultBazaarFromLeft: Bazaar's draws start with the player's left
	// neighbour.
	FaultBazaarFromLeft Fault = ref.DevBazaarFromLeft
	// FaultBazaarCounterClockwise: Bazaar's draws start with the player and
	// go round the other way (decreasing seat order).
	FaultBazaarCounterClockwise Fault = ref.DevBazaarCounterClockwise
	// FaultSnatchFirstCard: Snatch takes the first card of a hand, not a
	// random one.
	FaultSnatchFirstCard Fault = ref.DevSnatchFirstCard
	// FaultTossFirstCard: Toss discards the first card of a hand, not a
	// random one.
	FaultTossFirstCard Fault = ref.DevTossFirstCard
	// FaultBrownCardLost: the first copy of a Shot, Buckshot, Raid, Duel,
	// Snatch or Toss (shot_01, …), played, leaves the game instead of
	// going to the discard pile.
	FaultBrownCardLost Fault = ref.DevBrownCardLost
)

// cardFaults lists the faults played inside the engine for card effects (§5), the reaction queue (§7), checks (§8) and the characters of checks and shots (§6):
// each is a referee deviation of the same name (referee/bangarena
// deviations_cards.go), turned on for every room while the fault is on.
func cardFaults() []FaultInfo {
	return []FaultInfo{
		{FaultShotTwoDamage, "bangarena/5.shot", "§5 Shot: deal 1 damage", "a Shot that is not stopped deals 2 damage"},
		{FaultBuckshotTwoDamage, "bangarena/5.buckshot", "§5 Buckshot: every other player takes 1 damage", "a Buckshot hit that is not stopped deals 2 damage"},
		{FaultRaidTwoDamage, "bangarena/5.raid", "§5 Raid: discard a Shot or lose 1 ♥", "a seat that lets a Raid through loses 2 hp"},
		{FaultDuelTwoDamage, "bangarena/5.duel", "§5 Duel: whoever can't loses 1 ♥", "the loser of a Duel loses 2 hp"},
		{FaultWagonExtraCard, "bangarena/5.wagon-caravan", "§5 Wagon draws 2, Caravan 3", "Wagon draws 3 cards, Caravan 4"},
		{FaultJailEscapeOffSuit, "bangarena/8.jail-check", "§8 Jail: hearts → escape", "a Jail check escapes on every suit but spades"},
		{FaultCoverCoinFixed, "bangarena/8.cover-coin", "§8 a Cover check is a fair coin from the match RNG", "every Cover coin comes up lucky"},
		{FaultBazaarFromLeft, "bangarena/5.bazaar", "§5 Bazaar: clockwise starting with you", "Bazaar's draws start with the player's left neighbour"},
		{FaultBazaarCounterClockwise, "bangarena/5.bazaar-clockwise", "I-BA-15 clockwise is increasing seat order", "Bazaar's draws go round in decreasing seat order"},
		{FaultSnatchFirstCard, "bangarena/5.snatch", "§5 Snatch: a random one from hand", "Snatch takes a hand's first card"},
		{FaultTossFirstCard, "bangarena/5.toss", "§5 Toss: a random one from hand", "Toss discards a hand's first card"},
		{FaultBrownCardLost, "bangarena/11.fields", "§5 brown: played and discarded; §11 discardCount", "the first copy of a Shot, Buckshot, Raid, Duel, Snatch or Toss played leaves the game: discardCount does not count it"},
	}
}

// cardFaultRules are the faults of cardFaults and the rule each breaks (for
// the fault list's own test).
func cardFaultRules() map[Fault]string {
	m := map[Fault]string{}
	for _, f := range cardFaults() {
		m[f.Name] = f.Rule
	}
	return m
}
