package bangarena

// Clone returns an independent copy of the match, its Chance included: the
// same decisions applied to both give the same events. Servers can use it to
// try a decision without committing it.
func (g *Game) Clone() *Game {
	c := *g
	if g.chance != nil {
		c.chance = g.chance.Clone()
	}
	c.seats = make([]seatState, len(g.seats))
	for i, st := range g.seats {
		st.hand = append([]int(nil), st.hand...)
		st.inPlay = append([]int(nil), st.inPlay...)
		st.known = append([]KnownRole(nil), st.known...)
		st.peeked = append([]int(nil), st.peeked...)
		c.seats[i] = st
	}
	c.deck = append([]int(nil), g.deck...)
	if g.segs != nil {
		c.segs = make([][]int, len(g.segs))
		for i, s := range g.segs {
			c.segs[i] = append([]int(nil), s...)
		}
	}
	c.discard = append([]int(nil), g.discard...)
	if g.atk != nil {
		a := *g.atk
		a.queue = append([]int(nil), g.atk.queue...)
		c.atk = &a
	}
	c.choices = make([]choice, len(g.choices))
	for i, ch := range g.choices {
		ch.cards = append([]int(nil), ch.cards...)
		c.choices[i] = ch
	}
	c.events = append(make([]*stored, 0, cap(g.events)), g.events...) // events are never modified once emitted
	c.winSeats = append([]int(nil), g.winSeats...)
	c.buf = nil
	c.uidBuf = nil
	c.slab = nil // the free slots of g's chunk are g's
	c.vis = cloneVis(g.vis)
	c.evals = nil // a speculative copy evaluates nothing for the caller
	c.causes = nil
	return &c
}
