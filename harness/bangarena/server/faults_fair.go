package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults of the draws the documents call random (§8 the Cover coin, §2
// the briefing's real aide, and the deal of hidden roles, I-BA-F2): each
// outcome stays a possible one, only their distribution is wrong, so only
// a test over many rooms sees it (harness/bangarena/probe/bangarena_fair.go). A room
// with one of them on draws by a generator that is not umpire's, so its
// creation declares none (as DialectOtherChance), and the log checks take
// each outcome from the log.
const (
	// FaultCoinBiased flips Cover coins that land heads one time in four.
	FaultCoinBiased Fault = "coin-biased"
	// FaultRolesFixed deals the roles in the role table's order (the
	// Marshal at seat 0, then aides, raiders, loners and the Double Agent).
	FaultRolesFixed Fault = "roles-fixed"
	// FaultBriefingFirstAide names the aide of the lowest seat in the
	// Marshal's impostor briefing, never another.
	FaultBriefingFirstAide Fault = "briefing-first-aide"
)

// fairFaults lists the faults of this file (appended in FaultList).
func fairFaults() []FaultInfo {
	return []FaultInfo{
		{FaultCoinBiased, "bangarena/8.cover-fair", "§8 a Cover check is a fair coin flip", "Cover coins land heads one time in four"},
		{FaultRolesFixed, "bangarena/2.roles-at-random", "§1.3 hidden roles; I-BA-F2", "roles are dealt in the role table's order, the same seats every room"},
		{FaultBriefingFirstAide, "bangarena/2.briefing-random-aide", "§2 impostor: one random real aide", "the briefing always names the aide of the lowest seat"},
	}
}

// fairFaultsOn reports whether a fault of this file is on.
func (s faultSet) fairFaultsOn() bool {
	return s.on(FaultCoinBiased) || s.on(FaultRolesFixed) || s.on(FaultBriefingFirstAide)
}

// fairChance wraps c with the faults of this file that are on.
func (s faultSet) fairChance(c ref.Chance) ref.Chance {
	if !s.fairFaultsOn() {
		return c
	}
	return unfairChance{Chance: c, coin: s.on(FaultCoinBiased), roles: s.on(FaultRolesFixed), aide: s.on(FaultBriefingFirstAide)}
}

// unfairChance is a Chance with the faults of this file.
type unfairChance struct {
	ref.Chance
	coin, roles, aide bool
}

func (c unfairChance) Coin() bool {
	if c.coin {
		// Both coins drawn, so that every later draw stays the base's.
		a, b := c.Chance.Coin(), c.Chance.Coin()
		return a && b
	}
	return c.Chance.Coin()
}

func (c unfairChance) Deal(roles, chars, deck []string) {
	if !c.roles {
		c.Chance.Deal(roles, chars, deck)
		return
	}
	kept := append([]string(nil), roles...)
	c.Chance.Deal(roles, chars, deck)
	copy(roles, kept)
}

func (c unfairChance) Aide(aides []int) int {
	if c.aide {
		c.Chance.Aide(aides)
		return min(aides[0], aides[len(aides)-1])
	}
	return c.Chance.Aide(aides)
}

func (c unfairChance) Clone() ref.Chance {
	c.Chance = c.Chance.Clone()
	return c
}
