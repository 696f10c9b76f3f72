package server

import (
	"github.com/umpire-arena/umpire/harness/server/serverkit"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// otherChance is the Chance of DialectOtherChance: every random outcome of
// the match drawn from serverkit.OtherStream, with algorithms of its own
// (inside-out orders, rejection sampling), so that umpire's Seeded chance
// cannot replay the match from its seed. The outcomes are as random as the
// rules ask: orders uniform, coins fair, picks uniform over the hand.
type otherChance struct{ s serverkit.OtherStream }

func newOtherChance(label, seed string) *otherChance {
	return &otherChance{s: serverkit.NewOtherStream(label, seed)}
}

// order puts l in a random order, in place.
func (c *otherChance) order(l []string) {
	p := c.s.Order(len(l))
	old := append([]string(nil), l...)
	for i, j := range p {
		l[i] = old[j]
	}
}

func (c *otherChance) Deal(roles, chars, deck []string) {
	// The deck first, then the characters, then the roles: another order
	// of the draws than umpire's too.
	c.order(deck)
	if chars != nil {
		c.order(chars)
	}
	c.order(roles)
}

func (c *otherChance) Reveal(cands []string) string    { return cands[c.s.Uniform(len(cands))] }
func (c *otherChance) Reshuffle(pile []string)         { c.order(pile) }
func (c *otherChance) Coin() bool                      { return c.s.Uint64()>>63 == 1 }
func (c *otherChance) FromHand(hand []string) string   { return hand[c.s.Uniform(len(hand))] }
func (c *otherChance) Aide(aides []int) int            { return aides[c.s.Uniform(len(aides))] }
func (c *otherChance) Prayer() bool                    { return c.s.Uniform(5) == 0 }
func (c *otherChance) Replacement(ids []string) string { return ids[c.s.Uniform(len(ids))] }
func (c *otherChance) Clone() ref.Chance               { d := *c; return &d }
