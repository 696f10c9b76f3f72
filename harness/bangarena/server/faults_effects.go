package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults played inside the engine for the Saloon, weapons, Dynamite and
// Cover (§5), the Dynamite check (§8) and the order of the turn-start
// checks (§3), each named after its referee deviation (referee/bangarena
// deviations_effects.go).
const (
	// FaultSaloonSelfOnly: the Saloon heals its player only.
	FaultSaloonSelfOnly Fault = ref.DevSaloonSelfOnly
	// FaultWeaponReplacedLost: a weapon replaced leaves the game instead of
	// going to the discard pile.
	FaultWeaponReplacedLost Fault = ref.DevWeaponReplacedLost
	// FaultDynamiteBeforeNext: a Dynamite played is put before the
	// player's next living seat.
	FaultDynamiteBeforeNext Fault = ref.DevDynamiteBeforeNext
	// FaultCoverFailLands: a hit whose Cover check failed lands without
	// asking the seat for a Ricochet.
	FaultCoverFailLands Fault = ref.DevCoverFailLands
	// FaultDynamitePassesBack: a Dynamite that does not explode passes to
	// the previous living seat.
	FaultDynamitePassesBack Fault = ref.DevDynamitePassesBack
	// FaultJailBeforeDynamite: at a turn's start the Jail is checked
	// before the Dynamite.
	FaultJailBeforeDynamite Fault = ref.DevJailBeforeDynamite
)

// effectFaults lists the faults of this file, each with the rule it
// breaks; each is on for every room while the fault is on.
func effectFaults() []FaultInfo {
	return []FaultInfo{
		{FaultSaloonSelfOnly, "bangarena/5.saloon", "§5 Saloon: every living player heals 1 ♥", "the Saloon heals its player only"},
		{FaultWeaponReplacedLost, "bangarena/5.weapon", "§13 play_weapon: the previous one is discarded", "a weapon replaced is not discarded: it leaves the game"},
		{FaultDynamiteBeforeNext, "bangarena/5.dynamite", "§5 Dynamite: place it before you", "a Dynamite played is put before the next living seat"},
		{FaultCoverFailLands, "bangarena/5.cover", "§5 Cover: if not lucky, you can still Ricochet", "a hit whose Cover check failed lands without a Ricochet being asked"},
		{FaultDynamitePassesBack, "bangarena/8.dynamite-check", "§3, §8 Dynamite: else pass it to the next living seat", "a Dynamite that does not explode passes to the previous living seat"},
		{FaultJailBeforeDynamite, "bangarena/3.dynamite-before-jail", "§3 turn start: 1. Dynamite check, 2. Jail check", "the Jail is checked before the Dynamite"},
	}
}

// effectFaultRules are the faults of effectFaults and the rule each breaks
// (for the fault list's own test).
func effectFaultRules() map[Fault]string {
	m := map[Fault]string{}
	for _, f := range effectFaults() {
		m[f.Name] = f.Rule
	}
	return m
}
