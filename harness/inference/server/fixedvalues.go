package server

import (
	"fmt"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// CapabilityFixedValues is the optional harness test capability the server
// announces in every create answer (docs/wire.md harness extension): a
// creation's "values" are the hidden values it deals.
const CapabilityFixedValues = "fixed-values"

// fixedValues is a Chance that deals the values a creation fixed
// (MatchSpec.Values) and takes everything else from its base.
type fixedValues struct {
	ref.Chance
	vals [][]int // vals[round-1][seat]
}

func (c fixedValues) Value(round, seat int) int {
	if round >= 1 && round <= len(c.vals) {
		return c.vals[round-1][seat]
	}
	return c.Chance.Value(round, seat)
}

// checkValues validates MatchSpec.Values for a table of n seats and a
// match of rounds: a list per round (at most rounds of them) of n values
// of ValueMin–ValueMax, by seat.
func checkValues(vals [][]int, n, rounds int) error {
	if len(vals) > rounds {
		return fmt.Errorf("values: %d rounds given for a match of %d", len(vals), rounds)
	}
	for r, row := range vals {
		if len(row) != n {
			return fmt.Errorf("values: round %d has %d values for a table of %d", r+1, len(row), n)
		}
		for seat, v := range row {
			if v < ref.ValueMin || v > ref.ValueMax {
				return fmt.Errorf("values: seat %d's value %d of round %d is outside %d–%d", seat, v, r+1, ref.ValueMin, ref.ValueMax)
			}
		}
	}
	return nil
}
