package bangarena

// Deviations of the card effects of §5 that stay in play or heal (Saloon,
// weapons, Dynamite, Cover), the Dynamite check of §8 and the order of the
// turn-start checks of §3 (DevJailBeforeDynamite, deviations_setup.go):
// each breaks one rule at the place cards.go, reactions.go or turn.go
// applies it. The names are the embedded server's fault names.
const (
	// DevSaloonSelfOnly: the Saloon heals its player only, as a Flask
	// would, not every living seat (5.saloon).
	DevSaloonSelfOnly = "saloon-self-only"
	// DevWeaponReplacedLost: a weapon played over another takes the old one
	// out of the game instead of discarding it (5.weapon; §13 play_weapon:
	// the previous one is discarded).
	DevWeaponReplacedLost = "weapon-replaced-lost"
	// DevDynamiteBeforeNext: a Dynamite played is put before the player's
	// next living seat instead of before the player (5.dynamite).
	DevDynamiteBeforeNext = "dynamite-before-next"
	// DevCoverFailLands: after a failed Cover check the hit lands at once;
	// the seat is not asked for a Ricochet (5.cover).
	DevCoverFailLands = "cover-fail-lands"
	// DevDynamitePassesBack: a Dynamite that does not explode passes to the
	// previous living seat instead of the next one (8.dynamite-check).
	DevDynamitePassesBack = "dynamite-passes-back"
)

// Rule ids of the effects the engine names as the cause of the events it
// emits applying them (because).
const (
	ruleSaloon   = "bangarena/5.saloon"
	ruleWeapon   = "bangarena/5.weapon"
	ruleDynamite = "bangarena/5.dynamite"
	ruleCover    = "bangarena/5.cover"
)

// prevLiving is the first living seat before s in seat order (s itself
// when no other seat lives).
func (g *Game) prevLiving(s int) int {
	n := len(g.seats)
	for k := 1; k <= n; k++ {
		t := (s - k + n) % n
		if g.seats[t].alive {
			return t
		}
	}
	return s
}

// dynamiteStep runs the Dynamite check of the turn of s (§3 step 1, §8),
// when a Dynamite is in play before s, and reports whether the turn ends
// with it (the match is over or s is out).
func (g *Game) dynamiteStep(s int) bool {
	i := g.inPlayID(s, "bomb")
	if i < 0 {
		return false
	}
	bomb := g.seats[s].inPlay[i]
	boom := g.dynamiteCheck(s)
	// The outcome of the check is the check's rule too (§8: 3 damage, or
	// the next living seat).
	defer g.restore(g.because(ruleDynamiteChk))
	g.seats[s].inPlay = removeAt(g.seats[s].inPlay, indexOf(g.seats[s].inPlay, bomb))
	if boom {
		g.toDiscard(bomb)
		g.damage(s, 3, -1)
		if g.over {
			return true
		}
		if !g.seats[s].alive {
			g.phase = phaseTurnEnd
			return true
		}
		return false
	}
	// I-BA-6: the next living seat after s at the moment of passing.
	t := g.nextLiving(s)
	if g.deviates(DevDynamitePassesBack) {
		t = g.prevLiving(s)
	}
	g.seats[t].inPlay = append(g.seats[t].inPlay, bomb)
	p := newEvent("dynamite_passed")
	p.Seat, p.TargetSeat, p.UID, p.CardID = s, t, uidTable[bomb], "bomb"
	g.emit(p)
	return false
}

// jailStep runs the Jail check of the turn of s (§3 step 2), when s is
// jailed, and reports whether the turn ends with it (a failed check in
// legacy); a failed check elsewhere skips the play phase.
func (g *Game) jailStep(s int) bool {
	i := g.inPlayID(s, "jail")
	if i < 0 {
		return false
	}
	jail := g.seats[s].inPlay[i]
	free := g.jailCheck(s)
	g.seats[s].inPlay = removeAt(g.seats[s].inPlay, indexOf(g.seats[s].inPlay, jail))
	g.toDiscard(jail)
	if free {
		return false
	}
	if g.legacy() {
		// §2 legacy: a failed Jail skips the whole turn.
		g.phase = phaseTurnEnd
		return true
	}
	g.skipPlay = true
	return false
}

// turnChecks runs the checks of a turn's start in the order of §3 —
// Dynamite, then Jail — and reports whether the turn ends with them.
func (g *Game) turnChecks(s int) bool {
	if g.deviates(DevJailBeforeDynamite) {
		jailed := g.jailStep(s)
		return g.dynamiteStep(s) || jailed
	}
	return g.dynamiteStep(s) || g.jailStep(s)
}

// coverLands applies, with DevCoverFailLands, the hit a failed Cover check
// let through at the head seat h: it lands at once, as if h had passed.
func (g *Game) coverLands(h int) {
	defer g.restore(g.because(ruleCover))
	a := g.atk
	amt, _ := g.passDamage(a.kind)
	g.popHead()
	g.damage(h, amt, a.source)
}
