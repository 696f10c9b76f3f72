package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The fault of the deal at a table size the session rooms do not play
// (§2 role distribution: 7 seats deal 1 Marshal, 2 aides, 3 raiders, 1
// loner).
const (
	// FaultSevenSeatsOneAide deals a classic table of 7 seats one aide and
	// four raiders.
	FaultSevenSeatsOneAide Fault = "seven-seats-one-aide"
)

// sizeFaults lists the faults of this file (appended in FaultList).
func sizeFaults() []FaultInfo {
	return []FaultInfo{
		{FaultSevenSeatsOneAide, "bangarena/2.role-distribution", "§2 role distribution (classic, 7 seats)", "a classic table of 7 seats deals one aide and four raiders"},
	}
}

// sizeChance wraps c with the faults of this file that are on.
func (s faultSet) sizeChance(c ref.Chance) ref.Chance {
	if !s.on(FaultSevenSeatsOneAide) {
		return c
	}
	return sevenSeatsChance{c}
}

// sevenSeatsChance deals a 7-seat table without a Double Agent with one
// aide turned raider.
type sevenSeatsChance struct{ ref.Chance }

func (c sevenSeatsChance) Deal(roles, chars, deck []string) {
	c.Chance.Deal(roles, chars, deck)
	if len(roles) != 7 {
		return
	}
	for _, r := range roles {
		if r == ref.RoleImpostor {
			return
		}
	}
	for i, r := range roles {
		if r == ref.RoleAide {
			roles[i] = ref.RoleRaider
			return
		}
	}
}

func (c sevenSeatsChance) Clone() ref.Chance { return sevenSeatsChance{c.Chance.Clone()} }
