package bangarena

// Reactions of §7: a Shot is answered by its target; Buckshot and Raid by
// every other living seat in seat order from the attacker's left; a Duel
// alternates from the target. Cover is checked automatically when a seat
// becomes the head of a Shot or Buckshot.

// openAttack starts an attack by source with card c.
func (g *Game) openAttack(kind string, source, c int, a act) {
	at := &attack{kind: kind, source: source, card: c, command: cmdNames[a.cmd], playedAs: a.playedAs}
	switch kind {
	case "shot":
		at.queue = []int{a.target}
	case "duel":
		at.queue = []int{a.target}
		at.duelA, at.duelB = source, a.target
	default:
		n := len(g.seats)
		for k := 1; k < n; k++ {
			t := (source + k) % n
			if kind == "raid" && g.deviates(DevRaidFromRight) {
				t = (source - k + n) % n
			}
			if g.seats[t].alive {
				at.queue = append(at.queue, t)
			}
		}
	}
	g.atk = at
}

// stepAttack performs the automatic steps of the attack; it reports whether
// anything changed (false: the head must answer).
func (g *Game) stepAttack() bool {
	a := g.atk
	for len(a.queue) > 0 && !g.seats[a.queue[0]].alive {
		a.queue, a.checked = a.queue[1:], false
	}
	if len(a.queue) == 0 || (a.kind == "duel" && !(g.seats[a.duelA].alive && g.seats[a.duelB].alive)) {
		g.atk = nil
		return true
	}
	if (a.kind == "shot" || a.kind == "aoe_shot") && !a.checked {
		h := a.queue[0]
		a.checked, a.need = true, 1
		// Double Barrel (char_13) point-blank: two Ricochets (READINGS 11).
		if a.kind == "shot" && g.seats[a.source].char == "char_13" {
			g.noteChar(a.source)
			if g.Distance(a.source, h) == 1 && !g.deviates(DevDoubleBarrelOneMiss) {
				a.need, a.pointBlank = 2, true
			}
		}
		checked := g.hasCover(h) && !g.highNoon
		if g.coverCheck(h) {
			a.need-- // Cover counts as one Ricochet (READINGS 11).
			if a.need == 0 {
				g.popHead()
			}
		} else if checked && g.deviates(DevCoverFailLands) {
			g.coverLands(h)
		}
		return true
	}
	return false
}

func (g *Game) popHead() {
	a := g.atk
	a.queue, a.checked = a.queue[1:], false
	if len(a.queue) == 0 {
		g.atk = nil
	}
}

// react applies a reaction answer of the head seat s.
func (g *Game) react(s int, x act) {
	a := g.atk
	switch x.cmd {
	case cMiss:
		g.playFromHand(s, x, -1)
		a.need--
		if a.need > 0 {
			a.checked = true // READINGS 11: the second Ricochet is still owed
		}
		if a.need <= 0 {
			g.popHead()
		}
	case cHealSelf:
		// READINGS 9 / I-BA-7: the Flask heals 1, then the hit lands.
		g.playFromHand(s, x, -1)
		g.heal(s, 1)
		g.popHead()
		if !g.cfg.Readings.FlaskCancels {
			g.damage(s, 1, a.source)
		}
	case cRaidShot:
		g.playFromHand(s, x, -1)
		g.popHead()
	case cDuelShot:
		g.playFromHand(s, x, -1)
		other := a.duelA
		if s == a.duelA {
			other = a.duelB
		}
		a.queue = []int{other}
	case cPass:
		amt, rule := g.passDamage(a.kind)
		defer g.restore(g.because(rule))
		p := newEvent("pass")
		p.Seat, p.Kind = s, a.kind
		g.emit(p)
		src := a.source
		if a.kind == "duel" {
			src = a.duelA
			if s == a.duelA {
				src = a.duelB
			}
			g.atk = nil
		} else {
			g.popHead()
		}
		g.damage(s, amt, src)
	}
}
