package server

import (
	"strconv"

	"github.com/umpire-arena/umpire/harness/server/serverkit"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// otherChance is the Chance of DialectOtherChance: the seating, round 1's
// dealer and every hidden value drawn from serverkit.OtherStream (SplitMix64
// from an FNV-1a hash of the seed, rejection sampling, inside-out orders),
// not from umpire's SHA-256 streams, so that umpire's deal function cannot
// replay the match from its seed. Values are uniform over 1–100 as the
// rules ask.
type otherChance string

func (c otherChance) stream(label string) serverkit.OtherStream {
	return serverkit.NewOtherStream(label, string(c))
}

func (c otherChance) Seating(n int) []int {
	s := c.stream("seats/" + strconv.Itoa(n))
	return s.Order(n)
}

func (c otherChance) FirstDealer(n int) int {
	s := c.stream("dealer/" + strconv.Itoa(n))
	return s.Uniform(n)
}

func (c otherChance) Value(round, seat int) int {
	s := c.stream("value/" + strconv.Itoa(round) + "/" + strconv.Itoa(seat))
	return ref.ValueMin + s.Uniform(ref.ValueMax-ref.ValueMin+1)
}

// chance returns the match's Chance for seed.
func (s dialectSet) chance(seed string) ref.Chance {
	if s.on(DialectOtherChance) {
		return otherChance(seed)
	}
	return ref.Seeded(seed)
}
