package bangarena

// Elimination, glory, bounty, last bullet, legacy kill reward and the
// Marshal's penalty (§9).

// eliminate removes s (killer -1 when none) and runs §9 in order: reveal,
// cards to Scavenger or the discard pile, Vulture Jr.'s draws, the win check
// (§10), then the penalty, rewards and choices (I-BA-13).
func (g *Game) eliminate(s, killer int) {
	prev := g.because(ruleElimination)
	defer g.restore(prev)
	if g.deviates(DevNoKiller) {
		killer = -1
	}
	st := &g.seats[s]
	st.alive = false
	e := newEvent("eliminated")
	e.Seat, e.RoleID, e.KillerSeat = s, st.role, killer
	g.emit(e)

	cards := append(append([]int(nil), st.hand...), st.inPlay...)
	if st.weapon >= 0 {
		cards = append(cards, st.weapon)
	}
	scav := -1
	for t := range g.seats {
		if g.seats[t].alive && g.seats[t].char == "char_15" {
			scav = t
			g.noteChar(t)
		}
	}
	if g.deviates(DevScavengerNoTake) {
		scav = -1
	}
	if scav < 0 && g.deviates(DevElimKeepsCards) {
		cards = nil
	} else {
		st.hand, st.inPlay, st.weapon = nil, nil, -1
	}
	// I-BA-22: Scavenger takes hand, blue cards and weapon.
	if len(cards) > 0 {
		if scav >= 0 {
			g.seats[scav].hand = append(g.seats[scav].hand, cards...)
			t := newEvent("take")
			t.Seat, t.FromSeat, t.Zone, t.Reason, t.Count = scav, s, "all", "char_15", len(cards)
			t.Cards, t.secret = g.cardsOut(cards), true
			g.because(charRules["char_15"])
			g.emit(t)
			g.because(ruleElimination)
		} else {
			g.toDiscard(cards...)
			d := newEvent("discard")
			d.Seat, d.UIDs, d.Reason = s, uidsOf(cards), "eliminated"
			g.emit(d)
		}
	}
	for t := range g.seats {
		if g.seats[t].alive && g.seats[t].char == "char_10" {
			g.noteChar(t)
			k := 2
			if g.deviates(DevVultureOneCard) {
				k = 1
			}
			g.because(charRules["char_10"])
			g.drawN(t, k, "char_10")
			g.because(ruleElimination)
		}
	}
	if !g.deviates(DevWinCheckLate) && g.checkWin() {
		return
	}
	if s == g.turnSeat {
		g.phase = phaseTurnEnd
		if g.atk != nil && g.atk.kind == "duel" {
			g.atk = nil
		}
	}
	// Penalty: the Marshal killed an aide (the impostor is not an aide).
	// I-BA-13: before the rewards; after them on the other reading
	// (Readings.PenaltyAfterBounty: the bounty cards go with the hand).
	penalty := func() {
		if killer < 0 || killer != g.marshal || st.role != RoleAide || !g.seats[killer].alive || g.deviates(DevNoKillPenalty) {
			return
		}
		g.because(ruleKillPenalty)
		m := &g.seats[killer]
		lost := append(append([]int(nil), m.hand...), m.inPlay...)
		if m.weapon >= 0 {
			lost = append(lost, m.weapon)
		}
		m.hand, m.inPlay, m.weapon = nil, nil, -1
		g.toDiscard(lost...)
		p := newEvent("kill_penalty")
		p.Seat, p.TargetSeat, p.UIDs = killer, s, uidsOf(lost)
		g.emit(p)
	}
	late := g.cfg.Readings.PenaltyAfterBounty
	if !late {
		penalty()
	}
	// I-BA-3: cards for a kill only in legacy; glory elsewhere.
	if g.legacy() {
		if killer >= 0 && killer != s && st.role == RoleRaider && g.seats[killer].alive {
			g.because(ruleKillReward)
			k := 3
			if g.deviates(DevKillRewardTwo) {
				k = 2
			}
			n := g.drawN(killer, k, "kill_reward")
			r := newEvent("kill_reward")
			r.Seat, r.TargetSeat, r.Count = killer, s, n
			g.emit(r)
		}
		if late {
			penalty()
		}
	} else {
		if k := g.cfg.Readings.RaiderKillCards; k > 0 && killer >= 0 && killer != s && st.role == RoleRaider && g.seats[killer].alive {
			g.because(ruleNoKillReward)
			n := g.drawN(killer, k, "kill_reward")
			r := newEvent("kill_reward")
			r.Seat, r.TargetSeat, r.Count = killer, s, n
			g.emit(r)
		}
		if killer >= 0 && killer != s && g.seats[killer].alive && !g.deviates(DevNoGloryStar) {
			g.because(ruleGloryStar)
			g.star(killer, "kill")
			if v := st.glory.Stars; v > 0 {
				// Bounty (I-BA-19): one of the victim's stars (+ a perk choice) and one
				// card per star the victim held.
				g.because(ruleBounty)
				g.note(ruleBounty)
				st.glory.Stars--
				g.star(killer, "bounty")
				b := newEvent("glory_bounty")
				b.Seat, b.FromSeat, b.Stars = killer, s, v
				var got []int
				for range v {
					if g.deviates(DevBountyNoCards) {
						break
					}
					if c, ok := g.popDeck(); ok {
						got = append(got, c)
					}
				}
				g.seats[killer].hand = append(g.seats[killer].hand, got...)
				b.Count, b.Cards, b.secret = len(got), g.cardsOut(got), true
				g.emit(b)
			}
		}
		if late {
			penalty()
		}
		// I-BA-23: whoever eliminated the last aide.
		if st.role == RoleAide && g.seats[g.marshal].alive && !g.anyLiving(RoleAide) && !g.deviates(DevNoLastBullet) {
			g.because(ruleLastBullet)
			g.note(ruleLastBullet)
			g.star(g.marshal, "last_bullet")
		}
	}
	for t := range g.seats {
		if g.seats[t].alive && g.seats[t].char == CharPreacher && !g.seats[t].prayerUsed {
			g.pushChoice(choice{kind: "prayer", seat: t, victim: s})
		}
	}
}

func (g *Game) anyLiving(role string) bool {
	for _, st := range g.seats {
		if st.alive && st.role == role {
			return true
		}
	}
	return false
}

// star gives s a glory star (public glory_star) and the perk choice.
func (g *Game) star(s int, reason string) {
	g.seats[s].glory.Stars++
	e := newEvent("glory_star")
	e.Seat, e.Stars, e.Reason = s, g.seats[s].glory.Stars, reason
	g.emit(e)
	g.pushChoice(choice{kind: "glory", seat: s, reason: reason})
}

// sightOffered reports whether the sight perk may be chosen by s (READINGS 12).
func (g *Game) sightOffered(s int) bool {
	return g.seats[s].glory.Sight == 0 && !drawOwner(g.seats[s].char)
}

// applyPerk takes a glory perk. heart is +1 max hp and heal 1; at High Noon
// the max hp still grows but nothing heals (I-BA-14).
func (g *Game) applyPerk(s int, perk string) {
	defer g.restore(g.because(ruleGloryPerks))
	st := &g.seats[s]
	switch perk {
	case "range":
		st.glory.Range++
	case "heart":
		st.glory.Heart++
		st.maxHp++
		if !g.highNoon && !g.deviates(DevHeartNoHeal) {
			g.heal(s, 1)
		}
	case "sight":
		st.glory.Sight = 1
	}
	e := newEvent("glory_perk")
	e.Seat, e.Perk = s, perk
	g.emit(e)
}
