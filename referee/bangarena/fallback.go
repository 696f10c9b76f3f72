package bangarena

import "math/rand/v2"

// Timing fallbacks of §14 as engine operations; the server owns the clock.

// DefaultAction returns the answer the server gives for seat on a timeout
// (I-BA-8): glory → heart (§13), first draw → deck, look-top → put back the
// third card (keep the top two), prayer → no, reaction → pass_reaction,
// play → end_play, discard → discard with the default cards. ok is false
// when seat is not asked to decide.
func (g *Game) DefaultAction(seat int) (LegalAction, bool) {
	acts := g.legalActs(seat, nil)
	if len(acts) == 0 {
		return LegalAction{}, false
	}
	pick := acts[0]
	want := func(a act) bool {
		switch a.cmd {
		case cGlory:
			return a.zone == "heart"
		case cFirstDraw:
			return a.zone == "deck"
		case cLookTop:
			c := g.choices[0].cards
			return a.card == c[len(c)-1]
		case cPrayer:
			return !a.yes
		case cPass, cEndPlay, cDiscard:
			return true
		}
		return false
	}
	for _, a := range acts {
		if want(a) {
			pick = a
			break
		}
	}
	return LegalAction{ActionID: pick.id(), Command: cmdNames[pick.cmd], ArgsSchema: pick.schema(g.defaultDiscard(seat))}, true
}

// RandomLegal returns the item of seat's legalActions that c names as the
// replacement of a second illegal answer under reask_then_random (§14; the
// server's Chance, not the match's). ok is false when seat is not asked to
// decide; it panics when c names no item of the list.
func (g *Game) RandomLegal(seat int, c Chance) (LegalAction, bool) {
	acts := g.legalActs(seat, nil)
	if len(acts) == 0 {
		return LegalAction{}, false
	}
	ids := make([]string, len(acts))
	for i, a := range acts {
		ids[i] = a.id()
	}
	id := c.Replacement(ids)
	for i, a := range acts {
		if ids[i] == id {
			return LegalAction{ActionID: id, Command: cmdNames[a.cmd], ArgsSchema: a.schema(g.defaultDiscard(seat))}, true
		}
	}
	panic("bangarena: the Chance named a replacement that is not a legal action: " + id)
}

// PlayRandom applies a uniformly random legal action (default args) for the
// Decider, drawn from r, and returns its actionId: fast self-play for tests,
// benchmarks and simulations. ok is false when the match is over.
func (g *Game) PlayRandom(r *rand.Rand) (actionID string, ok bool) {
	seat, ok := g.Decider()
	if !ok {
		return "", false
	}
	g.buf = g.legalActs(seat, g.buf[:0])
	if len(g.buf) == 0 {
		return "", false
	}
	x := g.buf[r.IntN(len(g.buf))]
	var discard []int
	if x.cmd == cDiscard {
		st := &g.seats[seat]
		discard = append([]int(nil), st.hand[:len(st.hand)-st.hp]...)
	}
	id := x.id()
	g.record(seat, id, x, discard)
	g.exec(seat, x, discard)
	g.version++
	g.decided++
	g.advance()
	return id, true
}
