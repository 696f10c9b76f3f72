package server

import (
	"fmt"
	"slices"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// CapabilityFixedDeal is the optional harness test capability the server
// announces in every create answer (docs/wire.md harness extension): a
// creation's "deal" fixes the roles by seat, the first cards of each
// seat's opening hand and the first cards of the draw pile after the deal
// (with "characters", which fixes the characters). Everything else —
// later reshuffles, Cover coins, random picks — is the room's own chance.
const CapabilityFixedDeal = "fixed-deal"

// FixedDeal is the "deal" of a RoomConfig: what a conformance run fixes to
// set a rare situation up at once.
type FixedDeal struct {
	// Roles is the role of every seat, by seat: the roles the table of
	// the size and mode deals, in another order.
	Roles []string `json:"roles,omitempty"`
	// Hands are, by seat, the first cards (uids) of each seat's opening
	// hand; the rest of each hand is dealt as usual.
	Hands [][]string `json:"hands,omitempty"`
	// Deck is the draw pile after the deal from its top: its first cards
	// (uids), the next ones drawn or checked.
	Deck []string `json:"deck,omitempty"`
}

// fixedDeal is a Chance that deals what a creation fixed (FixedDeal) and
// takes everything else from its base: the roles by seat, and the deck
// ordered so that the engine's deal (seat by seat, sizes[s] cards each,
// off the top) hands each seat its fixed cards first and leaves Deck on
// top.
type fixedDeal struct {
	ref.Chance
	d     FixedDeal
	sizes []int // each seat's opening hand, as the engine deals it
}

func (c *fixedDeal) Clone() ref.Chance {
	return &fixedDeal{Chance: c.Chance.Clone(), d: c.d, sizes: c.sizes}
}

func (c *fixedDeal) Deal(roles, chars, deck []string) {
	c.Chance.Deal(roles, chars, deck)
	if len(c.d.Roles) == len(roles) {
		copy(roles, c.d.Roles)
	}
	fixed := map[string]bool{}
	for _, h := range c.d.Hands {
		for _, u := range h {
			fixed[u] = true
		}
	}
	for _, u := range c.d.Deck {
		fixed[u] = true
	}
	var rest []string // the base order from the top, without the fixed cards
	for i := len(deck) - 1; i >= 0; i-- {
		if !fixed[deck[i]] {
			rest = append(rest, deck[i])
		}
	}
	var top []string
	for s, k := range c.sizes {
		var h []string
		if s < len(c.d.Hands) {
			h = c.d.Hands[s]
		}
		top = append(top, h...)
		n := min(max(k-len(h), 0), len(rest))
		top, rest = append(top, rest[:n]...), rest[n:]
	}
	top = append(append(top, c.d.Deck...), rest...)
	for i, u := range top {
		deck[len(deck)-1-i] = u
	}
}

// dealTable records the role table and the pack a Deal is handed, and
// deals as its base does.
type dealTable struct {
	ref.Chance
	roles, deck []string
}

func (c *dealTable) Clone() ref.Chance {
	return &dealTable{Chance: c.Chance.Clone(), roles: c.roles, deck: c.deck}
}

func (c *dealTable) Deal(roles, chars, deck []string) {
	c.roles, c.deck = slices.Clone(roles), slices.Clone(deck)
	c.Chance.Deal(roles, chars, deck)
}

// withFixedDeal returns the chance of a room whose creation fixed d: base
// under the deal. It plays the deal once on a copy of base (the engine
// with cfg) to learn the role table, the pack and each seat's opening
// hand size, and checks d against them: roles a reordering of the
// table's, known and distinct uids, no more cards fixed in a hand than it
// holds.
func withFixedDeal(cfg ref.Config, seed string, base ref.Chance, d FixedDeal) (ref.Chance, error) {
	probe := &dealTable{Chance: &fixedDeal{Chance: base.Clone(), d: FixedDeal{Roles: d.Roles}}}
	g, err := ref.NewGameWith(cfg, seed, probe)
	if err != nil {
		return nil, err
	}
	n := cfg.Seats
	if len(d.Roles) > 0 {
		if len(d.Roles) != n || !sameMultiset(d.Roles, probe.roles) {
			return nil, fmt.Errorf("deal.roles %v is not an order of the table's roles %v", d.Roles, probe.roles)
		}
	}
	sizes := make([]int, n)
	for _, e := range g.Log() {
		if e.Type == "draw" && e.Reason == "deal" && e.Seat >= 0 && e.Seat < n {
			sizes[e.Seat] += e.Count
		}
	}
	if len(d.Hands) > n {
		return nil, fmt.Errorf("deal.hands has %d hands for a table of %d", len(d.Hands), n)
	}
	seen := map[string]bool{}
	pack := map[string]bool{}
	for _, u := range probe.deck {
		pack[u] = true
	}
	check := func(u string) error {
		if !pack[u] {
			return fmt.Errorf("deal: %q is no card of the pack", u)
		}
		if seen[u] {
			return fmt.Errorf("deal: %q is named twice", u)
		}
		seen[u] = true
		return nil
	}
	for s, h := range d.Hands {
		if len(h) > sizes[s] {
			return nil, fmt.Errorf("deal.hands: seat %d is dealt %d cards, %d given", s, sizes[s], len(h))
		}
		for _, u := range h {
			if err := check(u); err != nil {
				return nil, err
			}
		}
	}
	for _, u := range d.Deck {
		if err := check(u); err != nil {
			return nil, err
		}
	}
	return &fixedDeal{Chance: base, d: d, sizes: sizes}, nil
}

func sameMultiset(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
