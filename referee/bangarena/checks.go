package bangarena

import "strconv"

func itoa(i int) string { return strconv.Itoa(i) }

// Checks of §8. A Jail or Dynamite check flips the top deck card (to the
// discard pile afterwards); Lucky (char_08) flips two and keeps the better.
// With deck and discard both empty nothing can be flipped: Dynamite passes,
// Jail frees the seat, a card-based (legacy) Cover fails (§3).

// flip turns up to n check cards, emitting one public check event each, and
// returns them (already on the discard pile).
func (g *Game) flip(s int, kind string, n int, judge func(int) string) []int {
	var out []int
	for i := range n {
		c, ok := g.popDeck()
		if !ok {
			break
		}
		if i == 1 {
			// Lucky's second try is his ability's (a check that lacks
			// it breaks char_08, not the check's rule).
			defer g.restore(g.because(charRules["char_08"]))
		}
		g.toDiscard(c)
		e := newEvent("check")
		e.Seat, e.Kind = s, kind
		cc := cardOf(c)
		e.Card, e.Result = &cc, judge(c)
		g.emit(e)
		out = append(out, c)
	}
	return out
}

func (g *Game) tries(s int) int {
	if g.seats[s].char == "char_08" {
		g.noteChar(s)
		if !g.deviates(DevLuckyOneTry) {
			return 2
		}
	}
	return 1
}

// dynamiteCheck reports whether the Dynamite before s explodes: spades 2–9.
// Lucky explodes only when both cards would.
func (g *Game) dynamiteCheck(s int) bool {
	defer g.restore(g.because(ruleDynamiteChk))
	cards := g.flip(s, "dynamite", g.tries(s), func(c int) string {
		if g.explodes(c) {
			return "explode"
		}
		return "pass"
	})
	if len(cards) == 0 {
		g.note(ruleEmptyPiles) // nothing to flip: the Dynamite passes
		return false
	}
	for _, c := range cards {
		if !g.explodes(c) {
			return false
		}
	}
	return true
}

// jailCheck reports whether s escapes the Jail: hearts (either card for
// Lucky), or nothing left to flip.
func (g *Game) jailCheck(s int) bool {
	defer g.restore(g.because(ruleJailCheck))
	escapes := g.isHearts
	if g.deviates(DevJailEscapeOffSuit) {
		escapes = func(c int) bool { s, _ := g.face(c); return s != "spades" }
	}
	cards := g.flip(s, "jail", g.tries(s), func(c int) string {
		if escapes(c) {
			return "escape"
		}
		return "stay"
	})
	if len(cards) == 0 {
		g.note(ruleEmptyPiles) // nothing to flip: the seat goes free
		return true
	}
	for _, c := range cards {
		if escapes(c) {
			return true
		}
	}
	return false
}

// hasCover reports whether s is protected by Cover: a Cover card in play or
// Iron Brow's innate one.
func (g *Game) hasCover(s int) bool {
	return g.inPlayID(s, "cover") >= 0 || g.innateCover(s)
}

// innateCover reports whether s has Iron Brow's innate Cover.
func (g *Game) innateCover(s int) bool {
	return g.seats[s].char == "char_06" && !g.deviates(DevIronBrowNoCover)
}

// coverCheck runs s's Cover when it applies and reports whether the hit is
// cancelled. Outside legacy it is one fair coin of the match's Chance (two for
// Lucky), never a card, and Iron Brow's innate Cover plus a Cover card is
// still one check; at High Noon there is no check. In legacy a check flips
// a card (hearts succeed) and innate Cover stacks with a card: two checks.
func (g *Game) coverCheck(s int) bool {
	if g.highNoon {
		return false
	}
	if !g.hasCover(s) {
		if g.seats[s].char == "char_06" && !g.legacy() {
			g.chance.Coin() // DevIronBrowNoCover: the coin drawn, no check
		}
		return false
	}
	card := g.inPlayID(s, "cover") >= 0
	if g.seats[s].char == "char_06" {
		g.noteChar(s) // innate Cover, one check with or without a card
	}
	// The check's cause: the coin's rule, or the character's whose
	// ability makes the check (Iron Brow without a card) or its second
	// flip (Lucky); the log verifier charges a coin that differs to the
	// coin's rule all the same (refineCause).
	cause := ruleCoverCoin
	switch {
	case g.seats[s].char == "char_06" && !card:
		cause = charRules["char_06"]
	case g.seats[s].char == "char_08" && !g.legacy():
		cause = charRules["char_08"]
	}
	if !g.legacy() {
		defer g.restore(g.because(cause))
		flips := make([]bool, g.tries(s))
		win := false
		fixed := g.deviates(DevCoverCoinFixed)
		for i := range flips {
			// A fixed coin still takes its coin from the match's
			// Chance, so that only the flips differ.
			flips[i] = g.chance.Coin() || fixed
			win = win || flips[i]
		}
		e := newEvent("cover_check")
		e.Seat, e.Coin, e.Flips = s, true, flips
		e.Result = "fail"
		if win {
			e.Result = "cancel"
		}
		g.emit(e)
		return win
	}
	checks := 0
	if card {
		checks++
	}
	if g.innateCover(s) {
		checks++
	}
	for i := range checks {
		if i == 1 || !card {
			// Iron Brow's own check (legacy: one beside the card's).
			defer g.restore(g.because(charRules["char_06"]))
		}
		cards := g.flip(s, "cover", g.tries(s), func(c int) string {
			if g.isHearts(c) {
				return "cancel"
			}
			return "fail"
		})
		for _, c := range cards {
			if g.isHearts(c) {
				return true
			}
		}
	}
	return false
}
