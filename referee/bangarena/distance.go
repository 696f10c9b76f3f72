package bangarena

// Distance and range of §4, over the ring of living seats.

// ring is the fewest steps from a to b around the ring of living seats.
func (g *Game) ring(a, b int) int {
	if a == b {
		return 0
	}
	n := len(g.seats)
	cw, living := 0, 0
	for k := 1; k < n; k++ {
		t := (a + k) % n
		if g.seats[t].alive || g.sdev.ringAll {
			living++
			if t == b {
				cw = living
			}
		}
	}
	if !g.seats[a].alive {
		// Only asked for living seats; keep the result sane anyway.
		living++
	} else {
		living++
	}
	ccw := living - cw
	if ccw < cw {
		return ccw
	}
	return cw
}

// hasHorse: a Horse card in play or Pass Shadow's built-in one (READINGS
// 10). Built-in and card do not add up: §4 counts "has Horse" once (I-BA-11).
func (g *Game) hasHorse(s int) bool {
	builtIn, card := g.seats[s].char == "char_09", g.inPlayID(s, "mount") >= 0
	if g.evals != nil {
		g.noteBuiltIn(s, builtIn, card)
	}
	return builtIn || card
}

// HasHorse reports whether seat s has a Horse by §4 (a Horse card in play
// or Pass Shadow's built-in one): what adds 1 to the distance to s.
func (g *Game) HasHorse(s int) bool { return g.hasHorse(s) }

// hasScope: a Scope card or the built-in Scope of Eagle Eye and Mad Dog.
func (g *Game) hasScope(s int) bool {
	c := g.seats[s].char
	builtIn := (c == "char_11" && !g.deviates(DevEagleEyeNoScope) || c == "char_16") && !g.sdev.noBuiltInScope
	card := g.inPlayID(s, "scope") >= 0
	if g.evals != nil {
		g.noteBuiltIn(s, builtIn, card)
	}
	return builtIn || card
}

// noteBuiltIn counts a distance that consulted a built-in Horse or Scope
// (the character's ability and §4's built-ins) or a Horse or Scope card.
func (g *Game) noteBuiltIn(s int, builtIn, card bool) {
	if builtIn {
		g.note(ruleBuiltIns)
		g.noteChar(s)
	}
	if card {
		g.note(ruleHorseScope)
	}
}

// Distance returns distance(a → b) of §4: at least 1, the ring distance
// plus 1 when b has a Horse, minus 1 when a has a Scope.
func (g *Game) Distance(a, b int) int {
	d := g.ring(a, b)
	if g.hasHorse(b) {
		d++
	}
	if g.hasScope(a) {
		d--
	}
	if d < 1 {
		d = 1
	}
	return d
}

// Range returns range(a): the weapon's range (1 for the Revolver) plus the
// glory range perks (READINGS 10).
func (g *Game) Range(a int) int {
	r := 1
	if w := g.seats[a].weapon; w >= 0 {
		r = weaponRange(deckTable[w].id)
	}
	return r + g.seats[a].glory.Range
}

// shotLimited reports whether s is still bound by the one-Shot limit
// (READINGS 13): not with a Volcanic, not for Mad Dog, not at High Noon.
func (g *Game) shotLimited(s int) bool {
	if g.highNoon {
		return false
	}
	if g.seats[s].char == "char_16" && !g.deviates(DevMadDogShotLimit) {
		g.noteChar(s)
		return false
	}
	if w := g.seats[s].weapon; w >= 0 && deckTable[w].id == "weapon_volcanic" {
		return false
	}
	return true
}
