package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults played inside the engine for the §6 characters of checks,
// Cover and distance, the reaction queue (§7) and the resolving card (§3),
// each named after its referee deviation (deviations_chars.go).
const (
	// FaultIronBrowNoCover: Iron Brow has no innate Cover.
	FaultIronBrowNoCover Fault = ref.DevIronBrowNoCover
	// FaultLuckyOneTry: Lucky gets one try on a check.
	FaultLuckyOneTry Fault = ref.DevLuckyOneTry
	// FaultEagleEyeNoScope: Eagle Eye shoots without his built-in Scope.
	FaultEagleEyeNoScope Fault = ref.DevEagleEyeNoScope
	// FaultDoubleBarrelOneMiss: one Ricochet stops Double Barrel's Shot
	// at distance 1.
	FaultDoubleBarrelOneMiss Fault = ref.DevDoubleBarrelOneMiss
	// FaultRaidFromRight: a Raid is answered from the attacker's right.
	FaultRaidFromRight Fault = ref.DevRaidFromRight
	// FaultResolvingCardDrawable: a reshuffle during Wagon, Caravan or
	// Bazaar shuffles the resolving card in.
	FaultResolvingCardDrawable Fault = ref.DevResolvingCardDrawable
	// FaultHealWhenNotAsked: Bonesetter's discard_heal is applied while
	// another seat decides.
	FaultHealWhenNotAsked Fault = ref.DevHealWhenNotAsked
)

// charFaults lists the faults played inside the engine for the characters
// of checks, Cover and distance (§6), the Raid queue (§7) and the resolving
// card (§3): each is a referee deviation of the same name, turned on for
// every room while the fault is on.
func charFaults() []FaultInfo {
	return []FaultInfo{
		{FaultIronBrowNoCover, "bangarena/6.char-06-iron-brow", "§6 char_06: always has Cover", "Iron Brow without a Cover card gets no Cover check"},
		{FaultLuckyOneTry, "bangarena/6.char-08-lucky", "§6 char_08, §8: two tries on any check", "Lucky flips one card (one coin) on a check"},
		{FaultEagleEyeNoScope, "bangarena/6.char-11-eagle-eye", "§6 char_11: built-in Scope", "Eagle Eye is offered Shots and Snatches as if he had no Scope"},
		{FaultDoubleBarrelOneMiss, "bangarena/6.char-13-double-barrel", "§6 char_13: point-blank, 2 Ricochets", "one Ricochet (or a lucky Cover) stops Double Barrel's Shot at distance 1"},
		{FaultRaidFromRight, "bangarena/7.queue-order", "§7 each other living seat answers in turn (seat order)", "a Raid is answered from the attacker's right neighbour on"},
		{FaultResolvingCardDrawable, "bangarena/3.resolving-card", "§3 Wagon/Caravan/Bazaar cannot draw their own resolving UID", "the resolving Wagon, Caravan or Bazaar is on the discard pile when its draws reshuffle it"},
		{FaultHealWhenNotAsked, "bangarena/6.char-12-own-decisions", "I-BA-18 Bonesetter's heal in its own decisions", "Bonesetter's discard_heal is applied while another seat decides"},
	}
}
