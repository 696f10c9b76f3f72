package bangarena

// Character abilities of §6 that fire on their own: Stone Leopard's draws
// and Tollman's take on a hit (from damage), Empty Hands' refill, and the
// elimination abilities of Scavenger and Vulture Jr. (in glory.go). The
// draw-step owners are in turn.go; Double Barrel, Two-Faced, Bonesetter and
// Mad Dog in legal.go and reactions.go.

// damage deals amt to s from src (-1: no source, e.g. Dynamite).
func (g *Game) damage(s, amt, src int) {
	st := &g.seats[s]
	st.hp -= amt
	e := newEvent("damage")
	e.Seat, e.Amount, e.SourceSeat = s, amt, src
	g.emit(e)
	// The hit is the attack's (its rule is the cause); what follows from
	// it (an elimination, the win, a character's ability) is not.
	defer g.restore(g.because(""))
	if st.hp <= 0 {
		st.hp = 0
		g.eliminate(s, src)
		return
	}
	if st.char == "char_01" {
		g.noteChar(s)
		// Stone Leopard: one draw per hit — a hit is one damage event, so
		// Dynamite's 3 damage is one hit (I-BA-12).
		k := 1
		if st.hp <= 2 && !g.deviates(DevLeopardOneCard) {
			k = 2
		}
		prev := g.because(charRules["char_01"])
		g.drawN(s, k, "char_01")
		g.restore(prev)
	}
	if st.char == "char_04" && src >= 0 && src != s && g.seats[src].alive && len(g.seats[src].hand) > 0 {
		// Tollman: a random card from the hitter's hand.
		g.noteChar(s)
		if !g.deviates(DevTollmanNoTake) {
			prev := g.because(charRules["char_04"])
			g.takeRandomFromHand(s, src, "char_04")
			g.restore(prev)
		}
	}
}

// heal heals s by up to amt, never above max hp; no event when nothing heals.
func (g *Game) heal(s, amt int) {
	st := &g.seats[s]
	if st.hp+amt > st.maxHp {
		amt = st.maxHp - st.hp
	}
	if amt <= 0 || !st.alive {
		return
	}
	st.hp += amt
	e := newEvent("heal")
	e.Seat, e.Amount = s, amt
	g.emit(e)
}

// takeRandomFromHand moves a random card of from's hand to s's hand.
func (g *Game) takeRandomFromHand(s, from int, reason string) {
	h := g.seats[from].hand
	i := g.randomFromHand(h)
	c := h[i]
	g.seats[from].hand = removeAt(h, i)
	g.seats[s].hand = append(g.seats[s].hand, c)
	e := newEvent("take")
	e.Seat, e.FromSeat, e.Zone, e.Reason = s, from, "hand", reason
	cc := cardOf(c)
	e.Card, e.secret = &cc, true
	g.emit(e)
}

// emptyHands (I-BA-27) lets every living Empty Hands (char_14) with an empty hand draw
// one card; it reports whether any card was drawn.
func (g *Game) emptyHands() bool {
	drew := false
	for s := range g.seats {
		st := &g.seats[s]
		if st.alive && st.char == "char_14" && len(st.hand) == 0 && (len(g.deck) > 0 || len(g.discard) > 0) {
			g.noteChar(s)
			if g.deviates(DevEmptyHandsNoDraw) {
				continue
			}
			prev := g.because(charRules["char_14"])
			if g.drawN(s, 1, "char_14") > 0 {
				drew = true
			}
			g.restore(prev)
		}
	}
	return drew
}
