package bangarena

// Turn structure of §3: Dynamite check, Jail check, draw, play (with
// reactions), discard, next living seat.

// beginTurn starts seat s's turn and runs its automatic steps.
func (g *Game) beginTurn(s int) {
	if g.deviates(DevWinCheckLate) && g.checkWin() {
		return
	}
	g.turnSeat, g.shots, g.skipPlay = s, 0, false
	if s == g.marshal {
		g.round++
		// §8 High Noon: from round 8, never in legacy (§2); I-BA-24.
		if !g.legacy() && g.round >= 8 && !g.highNoon {
			g.highNoon = true
			e := newEvent("high_noon")
			e.Round = g.round
			g.emit(e)
		}
	}
	e := newEvent("turn_start")
	e.Seat, e.Round = s, g.round
	tr := ruleTurnOrder
	if g.decided == 0 {
		tr = ruleMarshalFirst // the match's first turn (§2)
	}
	prev := g.because(tr)
	g.emit(e)
	g.restore(prev)
	g.phase = PhaseDraw

	// 1. Dynamite before Jail; 2. Jail.
	if g.turnChecks(s) {
		return
	}
	// 3. Draw.
	g.drawStep(s)
}

// drawOwner reports whether a character owns the draw step (READINGS 12).
func drawOwner(c string) bool {
	return c == "char_02" || c == "char_05" || c == "char_07" || c == "char_10"
}

// drawStep performs the draw of §3, or opens the pending choice of a
// character (Grip, Vulture Jr., Three Eyes) or of the sight perk.
func (g *Game) drawStep(s int) {
	st := &g.seats[s]
	if drawOwner(st.char) {
		g.noteChar(s)
	}
	switch {
	case st.char == "char_05" || st.char == "char_10":
		g.pushChoice(choice{kind: "first_draw", seat: s, reason: st.char})
		return
	case st.char == "char_07" || (st.glory.Sight > 0 && !drawOwner(st.char)):
		if g.openLookTop(s) {
			return
		}
	case st.char == "char_02":
		g.drawN(s, 1, "draw")
		// I-BA-9: the second card is revealed by a public check event.
		if c, ok := g.popDeck(); ok {
			g.seats[s].hand = append(g.seats[s].hand, c)
			e := newEvent("check")
			e.Seat, e.Kind = s, "red_suit"
			cc := cardOf(c)
			e.Card = &cc
			prev := g.because(charRules["char_02"])
			if g.isRed(c) {
				e.Result = "red"
				g.emit(e)
				if !g.deviates(DevRedSuitNoExtra) {
					g.drawN(s, 1, "char_02")
				}
			} else {
				e.Result = "black"
				g.emit(e)
			}
			g.restore(prev)
		}
	default:
		k := 2
		if g.deviates(DevDrawThree) {
			k = 3
		}
		prev := g.because(ruleDrawTwo)
		g.drawN(s, k, "draw")
		g.restore(prev)
	}
	g.afterDraw()
}

// openLookTop opens the look-at-top-3 choice; with fewer than 3 cards left
// in deck and discard together, the seat simply draws what there is
// (I-BA-10) and false is returned.
func (g *Game) openLookTop(s int) bool {
	g.ensureDeck(3)
	if len(g.deck) < 3 {
		g.drawN(s, len(g.deck), "draw")
		return false
	}
	n := len(g.deck)
	cards := []int{g.reveal(n - 1), g.reveal(n - 2), g.reveal(n - 3)}
	ch := g.pushChoice(choice{kind: "look_top", seat: s, cards: cards, reason: g.seats[s].char})
	e := newEvent("look_top")
	e.To, e.Seat, e.Cards, e.Reason = s, s, g.cardsOut(cards), ch.id
	g.emit(e)
	return true
}

// afterDraw moves to the play phase, or straight to discard after a failed
// Jail (READINGS 16).
func (g *Game) afterDraw() {
	if g.skipPlay {
		g.phase = PhaseDiscard
	} else {
		g.phase = PhasePlay
	}
}

// advance runs automatic steps until a seat must decide or the match ends.
func (g *Game) advance() {
	for !g.over {
		if g.choosing() {
			return
		}
		if g.emptyHands() {
			continue
		}
		if g.atk != nil {
			if g.stepAttack() {
				continue
			}
			return
		}
		switch g.phase {
		case phaseTurnEnd:
			g.beginTurn(g.nextLiving(g.turnSeat))
		case PhaseDiscard:
			st := &g.seats[g.turnSeat]
			if !st.alive || len(st.hand) <= st.hp || len(st.hand) <= st.maxHp && g.deviates(DevDiscardToMaxHp) {
				g.phase = phaseTurnEnd
				continue
			}
			return
		case PhasePlay:
			if !g.seats[g.turnSeat].alive {
				g.phase = phaseTurnEnd
				continue
			}
			return
		default:
			return
		}
	}
}

// popDeck takes the top card of the deck, reshuffling the discard pile in
// when the deck is empty (§3). ok is false when both are empty.
func (g *Game) popDeck() (int, bool) {
	if len(g.deck) == 0 {
		g.reshuffle()
		if len(g.deck) == 0 {
			return -1, false
		}
	}
	c := g.reveal(len(g.deck) - 1)
	g.deck = g.deck[:len(g.deck)-1]
	return c, true
}

// reshuffle shuffles the discard pile and puts it under the deck.
func (g *Game) reshuffle() {
	if len(g.discard) == 0 {
		return
	}
	keep := 0
	if g.deviates(DevReshuffleKeepsTop) && len(g.discard) > 1 {
		keep = 1
	}
	pile := append([]int(nil), g.discard[:len(g.discard)-keep]...)
	u := g.uids(pile)
	g.chance.Reshuffle(u)
	g.order(pile, u)
	g.discard = append(g.discard[:0], g.discard[len(g.discard)-keep:]...)
	g.deck = append(pile, g.deck...)
	e := newEvent("reshuffle")
	e.Count = len(pile)
	rule := ruleReshuffle
	if g.resolving {
		// A reshuffle while Wagon, Caravan or Bazaar resolves: the card
		// stays out of it (§3), the resolving card's rule.
		rule = ruleResolvingCard
		g.note(ruleResolvingCard)
	}
	prev := g.because(rule)
	g.emit(e)
	g.restore(prev)
}

// ensureDeck reshuffles the discard pile under the deck when the deck holds
// fewer than k cards (used before looking at the top 3; I-BA-10).
func (g *Game) ensureDeck(k int) {
	if len(g.deck) < k {
		g.reshuffle()
	}
}

// drawN draws up to k cards from the deck into seat's hand and emits one
// draw event (cards private to the seat). It returns the count drawn.
func (g *Game) drawN(s, k int, reason string) int {
	var got []int
	for range k {
		c, ok := g.popDeck()
		if !ok {
			g.note(ruleEmptyPiles) // deck and discard empty: the draw yields nothing
			break
		}
		got = append(got, c)
	}
	g.seats[s].hand = append(g.seats[s].hand, got...)
	e := newEvent("draw")
	e.Seat, e.Count, e.Reason, e.Cards, e.secret = s, len(got), reason, g.cardsOut(got), true
	g.emit(e)
	return len(got)
}

func (g *Game) toDiscard(cards ...int) { g.discard = append(g.discard, cards...) }

// discardFromHand moves hand cards to the discard pile with a public event.
func (g *Game) discardFromHand(s int, cards []int, reason string) {
	for _, c := range cards {
		g.seats[s].hand = removeAt(g.seats[s].hand, indexOf(g.seats[s].hand, c))
	}
	g.toDiscard(cards...)
	e := newEvent("discard")
	e.Seat, e.UIDs, e.Reason = s, uidsOf(cards), reason
	g.emit(e)
}

func (g *Game) pushChoice(c choice) choice {
	g.nChoice++
	c.id = "ch" + itoa(g.nChoice)
	g.choices = append(g.choices, c)
	return c
}
