package bangarena

// Effects of the cards of §5 played in the play phase.

// playFromHand moves the played card from s's hand to the discard pile and
// emits card_played.
func (g *Game) playFromHand(s int, x act, target int) {
	st := &g.seats[s]
	st.hand = removeAt(st.hand, indexOf(st.hand, x.card))
	if deckTable[x.card].copy != 1 || !g.deviates(DevBrownCardLost) {
		g.toDiscard(x.card)
	}
	g.emitPlayed(s, x, target)
}

func (g *Game) emitPlayed(s int, x act, target int) {
	e := newEvent("card_played")
	e.Seat, e.CardID, e.UID, e.Command, e.TargetSeat, e.PlayedAs = s, deckTable[x.card].id, uidTable[x.card], cmdNames[x.cmd], target, x.playedAs
	g.emit(e)
}

// play performs a play-phase action of the turn seat s.
func (g *Game) play(s int, x act) {
	st := &g.seats[s]
	switch x.cmd {
	case cShot:
		g.playFromHand(s, x, x.target)
		g.shots++
		g.openAttack("shot", s, x.card, x)
	case cAoe:
		g.playFromHand(s, x, -1)
		g.openAttack("aoe_shot", s, x.card, x)
	case cRaid:
		g.playFromHand(s, x, -1)
		g.openAttack("raid", s, x.card, x)
	case cDuel:
		g.playFromHand(s, x, x.target)
		g.openAttack("duel", s, x.card, x)
	case cSteal, cToss:
		g.playFromHand(s, x, x.target)
		g.pick(s, x)
	case cDraw, cMarket:
		// The resolving card stays out of the piles until it is done (§3).
		st.hand = removeAt(st.hand, indexOf(st.hand, x.card))
		g.emitPlayed(s, x, -1)
		early := g.deviates(DevResolvingCardDrawable)
		if early {
			g.toDiscard(x.card)
		}
		g.resolving = true
		if x.cmd == cDraw {
			k := 2
			if deckTable[x.card].id == "draw3" {
				k = 3
			}
			if g.deviates(DevWagonExtraCard) {
				k++
			}
			prev := g.because(ruleWagonCaravan)
			g.drawN(s, k, deckTable[x.card].id)
			g.restore(prev)
		} else {
			// I-BA-15: clockwise is increasing seat order, starting with s.
			prev, first := g.because(ruleBazaar), s
			if g.deviates(DevBazaarFromLeft) {
				first++
			}
			way := 1
			if g.deviates(DevBazaarCounterClockwise) {
				way = len(g.seats) - 1
			}
			for k := 0; k < len(g.seats); k++ {
				t := (first + way*k) % len(g.seats)
				if g.seats[t].alive {
					g.drawN(t, 1, "market")
				}
			}
			g.restore(prev)
		}
		g.resolving = false
		if !early {
			g.toDiscard(x.card)
		}
	case cHealAll:
		g.playFromHand(s, x, -1)
		prev := g.because(ruleSaloon)
		for t := range g.seats {
			if g.seats[t].alive && (t == s || !g.deviates(DevSaloonSelfOnly)) {
				g.heal(t, 1)
			}
		}
		g.restore(prev)
	case cHealSelf:
		g.playFromHand(s, x, -1)
		g.heal(s, 1)
	case cEquipBlue:
		st.hand = removeAt(st.hand, indexOf(st.hand, x.card))
		t := s
		if x.target >= 0 {
			t = x.target
		}
		target, prev := x.target, g.cause
		if deckTable[x.card].id == "bomb" {
			// §5: the Dynamite goes before its player.
			prev = g.because(ruleDynamite)
			if g.deviates(DevDynamiteBeforeNext) {
				t, target = g.nextLiving(s), g.nextLiving(s)
			}
		}
		g.seats[t].inPlay = append(g.seats[t].inPlay, x.card)
		g.emitPlayed(s, x, target)
		g.restore(prev)
	case cWeapon:
		st.hand = removeAt(st.hand, indexOf(st.hand, x.card))
		if st.weapon >= 0 {
			// §5: the weapon replaced is discarded.
			prev := g.because(ruleWeapon)
			if !g.deviates(DevWeaponReplacedLost) {
				g.toDiscard(st.weapon)
				d := newEvent("discard")
				d.Seat, d.UIDs, d.Reason = s, []string{uidTable[st.weapon]}, "weapon_replaced"
				g.emit(d)
			}
			g.restore(prev)
		}
		st.weapon = x.card
		g.emitPlayed(s, x, -1)
	case cEndPlay:
		g.phase = PhaseDiscard
	case cPeek:
		st.peeks--
		k := KnownRole{Seat: x.target, RoleID: g.seats[x.target].role}
		st.known = append(st.known, k)
		st.peeked = append(st.peeked, x.target)
		e := newEvent("peek_role")
		e.To, e.Seat, e.TargetSeat, e.RoleID = s, s, x.target, k.RoleID
		g.emit(e)
	}
}

// pick resolves (I-BA-28) a Snatch (card to s's hand) or a Toss (to the discard pile).
func (g *Game) pick(s int, x act) {
	t := &g.seats[x.target]
	rule, dev := ruleSnatch, DevSnatchFirstCard
	if x.cmd != cSteal {
		rule, dev = ruleToss, DevTossFirstCard
	}
	defer g.restore(g.because(rule))
	var c int
	switch x.zone {
	case "hand":
		i := g.randomFromHand(t.hand)
		if g.deviates(dev) {
			i = 0 // the same outcome taken from the Chance, so only the card differs
		}
		c = t.hand[i]
		t.hand = removeAt(t.hand, i)
	case "weapon":
		c = t.weapon
		t.weapon = -1
	default:
		c = x.pick
		t.inPlay = removeAt(t.inPlay, indexOf(t.inPlay, c))
	}
	e := newEvent("take")
	e.Seat, e.FromSeat, e.Zone = s, x.target, x.zone
	cc := cardOf(c)
	e.Card = &cc
	if x.cmd == cSteal {
		g.seats[s].hand = append(g.seats[s].hand, c)
		e.Reason = "steal_near"
		e.secret = x.zone == "hand"
	} else {
		g.toDiscard(c)
		e.Type, e.Reason = "discard", "discard_any"
		e.Seat, e.FromSeat, e.SourceSeat, e.UIDs, e.Card = x.target, -1, s, []string{uidTable[c]}, nil
	}
	g.emit(e)
}
