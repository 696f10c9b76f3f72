package bangarena

import "github.com/umpire-arena/umpire/referee/rules"

// The deviations of the deal and setup (§2, §6 deal and max hp), the pack
// (§5 deck, §8 suits), the turn's draw and discard steps (§3) and distance
// (§4). Each names the fault of harness/bangarena/server that turns it on,
// and each is one mistake a server author could make in one rule.
const (
	// DevRolesNoLone deals the classic table (classic and legacy modes)
	// with a raider in place of the loner (§2 role distribution).
	DevRolesNoLone = "roles-no-lone"
	// DevMarshalBonusFlat gives the Marshal +1 max hp at every table size
	// outside legacy (§2: the bonus depends on the seat count).
	DevMarshalBonusFlat = "marshal-bonus-flat"
	// DevFirstTurnAfterMarshal starts the match with the seat after the
	// Marshal (§2: the Marshal takes the first turn).
	DevFirstTurnAfterMarshal = "first-turn-after-marshal"
	// DevMarshalUnannounced deals the Marshal without naming the role in
	// the public deal event (§2: the Marshal is public from the deal).
	DevMarshalUnannounced = "marshal-unannounced"
	// DevLoneBonusHp gives the hidden loner +1 max hp (§6 PRIV-1: hidden
	// roles get no bonus).
	DevLoneBonusHp = "lone-bonus-hp"
	// DevImpostorForAide deals the impostor table with the Double Agent in
	// place of an aide instead of a raider (§2 impostor distribution).
	DevImpostorForAide = "impostor-for-aide"
	// DevBriefingImpostorOnly briefs the Marshal on the impostor alone,
	// without the real aide (§2 impostor briefing).
	DevBriefingImpostorOnly = "briefing-impostor-only"
	// DevImpostorEightNoBonus forgets the impostor table's +1 max hp at 8
	// seats (§2, I-BA-4).
	DevImpostorEightNoBonus = "impostor-8-no-bonus"
	// DevPartnersTwoLones deals partners mode with a second loner in place
	// of a raider (§2: partners deals as classic).
	DevPartnersTwoLones = "partners-two-lones"
	// DevLegacyMarshalBySeats gives the legacy Marshal the seat-count bonus
	// instead of +1 (§2 legacy: +1 at every table).
	DevLegacyMarshalBySeats = "legacy-marshal-by-seats"
	// DevStagedCharacterDealt deals the staged Preacher to the last seat
	// although staged characters are off (§6 character deal).
	DevStagedCharacterDealt = "staged-character-dealt"
	// DevStartHandPrintedHp deals every start hand from the character's
	// printed hp, the role's hp bonus forgotten (§6 max hp and start hand).
	DevStartHandPrintedHp = "start-hand-printed-hp"
	// DevDrawThree draws 3 cards in a plain draw step (§3 draw 2).
	DevDrawThree = "draw-three"
	// DevDiscardToMaxHp ends the turn without a discard while the hand
	// holds no more cards than max hp (§3: down to hp).
	DevDiscardToMaxHp = "discard-to-max-hp"
	// DevReshuffleKeepsTop leaves the top card of the discard pile out of
	// the reshuffle (§3: the discard pile is shuffled into the deck).
	DevReshuffleKeepsTop = "reshuffle-keeps-top"
	// DevJailBeforeDynamite checks the Jail before the Dynamite (§3).
	DevJailBeforeDynamite = "jail-before-dynamite"
	// DevBuiltInScopeIgnored forgets the built-in Scope of Eagle Eye and
	// Mad Dog (§4 built-ins).
	DevBuiltInScopeIgnored = "built-in-scope-ignored"
	// DevRingCountsDead counts dead seats in the ring distance (§4: the
	// ring of living seats).
	DevRingCountsDead = "ring-counts-dead"
	// DevRedSuitNoExtra lets Red Suit draw no extra card on a red second
	// card (§6 char_02).
	DevRedSuitNoExtra = "red-suit-no-extra"
	// DevGripTakesFirstCard lets Grip take the first card of the other
	// seat's hand instead of a random one (§6 char_05).
	DevGripTakesFirstCard = "grip-takes-first-card"
	// DevThreeEyesKeepsThree lets Three Eyes keep all three cards looked
	// at (§6 char_07: keeps 2, puts 1 back).
	DevThreeEyesKeepsThree = "three-eyes-keeps-three"
	// DevDiamondsAsHearts shows the diamonds of the pack as hearts in the
	// card objects of draws and choices (§8: 21 hearts, 20 diamonds).
	DevDiamondsAsHearts = "diamonds-as-hearts"
	// DevSaloonAsShot shows the Saloon as a 26th Shot, shot_26, in the
	// card objects of draws and choices (§5: 25 Shots, one Saloon).
	DevSaloonAsShot = "saloon-as-shot"
)

// Rule ids of the setup, draw and distance rules the engine names as the
// cause of what it emits (evaluated.go).
const (
	ruleRoleDistribution = "bangarena/2.role-distribution"
	ruleImpostorDist     = "bangarena/2.impostor-distribution"
	rulePartners         = "bangarena/2.partners"
	ruleLegacy           = "bangarena/2.legacy"
	ruleMarshalBonus     = "bangarena/2.marshal-bonus"
	ruleImpostorEight    = "bangarena/2.impostor-8-seats"
	ruleHiddenNoBonus    = "bangarena/2.hidden-no-bonus"
	ruleMarshalFirst     = "bangarena/2.marshal-first-turn"
	ruleBriefing         = "bangarena/2.impostor-briefing"
	ruleMaxHp            = "bangarena/6.max-hp"
	ruleTurnOrder        = "bangarena/3.turn-order"
	ruleDrawTwo          = "bangarena/3.draw-two"
	ruleReshuffle        = "bangarena/3.reshuffle"
	ruleDynamiteFirst    = "bangarena/3.dynamite-before-jail"
)

// setupDevs are the deviations of this file the engine consults where it
// computes often (distance, card objects), read once at NewGame so that
// those paths test a field, not a map.
type setupDevs struct {
	ringAll, noBuiltInScope, diamondsHearts, saloonShot bool
}

func setupDevsOf(d rules.Deviations) setupDevs {
	if len(d) == 0 {
		return setupDevs{}
	}
	return setupDevs{
		ringAll:        d.On(DevRingCountsDead),
		noBuiltInScope: d.On(DevBuiltInScopeIgnored),
		diamondsHearts: d.On(DevDiamondsAsHearts),
		saloonShot:     d.On(DevSaloonAsShot),
	}
}

// roleRule is the rule that deals the roles of mode at n seats (§2).
// RoleRule names the rule that deals the roles of a table of n seats in
// mode: the impostor or partners distribution where it applies, else the
// classic one.
func RoleRule(n int, mode string) string { return roleRule(n, mode) }

func roleRule(n int, mode string) string {
	switch {
	case mode == ModeImpostor && n >= 5:
		return ruleImpostorDist
	case mode == ModePartners:
		return rulePartners
	}
	return ruleRoleDistribution
}

// dealRule is the rule that sets seat st's max hp at the deal: the
// Marshal's bonus of its mode and table, or no bonus for a hidden role.
func dealRule(st *seatState, n int, mode string) string {
	switch {
	case mode == ModeLegacy && (st.role == RoleMarshal || st.char == "char_01"):
		return ruleLegacy
	case st.role != RoleMarshal:
		return ruleHiddenNoBonus
	case mode == ModeImpostor && n == 8:
		return ruleImpostorEight
	}
	return ruleMarshalBonus
}

// devRoles returns roles as the deal deviations of §2 change them (roles
// is the table of roleTable, Marshal first).
func (g *Game) devRoles(roles []string) []string {
	n, mode := len(roles), g.cfg.RoleMode
	swap := func(from, to string) {
		for i := len(roles) - 1; i >= 0; i-- {
			if roles[i] == from {
				roles[i] = to
				return
			}
		}
	}
	if g.deviates(DevRolesNoLone) && (mode == ModeClassic || mode == ModeLegacy) {
		swap(RoleLone, RoleRaider)
	}
	if g.deviates(DevImpostorForAide) && mode == ModeImpostor && n >= 5 {
		swap(RoleImpostor, RoleRaider)
		swap(RoleAide, RoleImpostor)
	}
	if g.deviates(DevPartnersTwoLones) && mode == ModePartners {
		swap(RoleRaider, RoleLone)
	}
	return roles
}

// devMaxHp is seat st's max hp as the deal deviations of §2 and §6 change
// it (hp is the rules' max hp).
func (g *Game) devMaxHp(st *seatState, hp, n int) int {
	mode := g.cfg.RoleMode
	if st.role == RoleMarshal {
		if g.deviates(DevMarshalBonusFlat) && mode != ModeLegacy {
			hp += 1 - [...]int{4: 2, 5: 0, 6: 2, 7: 1, 8: 1}[n]
		}
		if g.deviates(DevImpostorEightNoBonus) && mode == ModeImpostor && n == 8 {
			hp--
		}
		if g.deviates(DevLegacyMarshalBySeats) && mode == ModeLegacy {
			hp += [...]int{4: 2, 5: 0, 6: 2, 7: 1, 8: 1}[n] - 1
		}
	}
	if st.role == RoleLone && g.deviates(DevLoneBonusHp) {
		hp++
	}
	return hp
}

// devCard is the card object of card i as the pack deviations of §5 and §8
// show it.
func (g *Game) devCard(c Card) Card {
	if g.sdev.diamondsHearts && c.Suit == "diamonds" {
		c.Suit = "hearts"
	}
	if g.sdev.saloonShot && c.CardID == "heal_all" {
		c.UID, c.CardID = "shot_26", "shot"
	}
	return c
}

// takeFromHandAt moves card i of from's hand to s's hand, as
// takeRandomFromHand does with a random one (DevGripTakesFirstCard). It
// still takes takeRandomFromHand's outcome from the Chance, so only the card
// differs: a first card that happens to be the random one leaves the match
// unchanged instead of shifting every later random draw.
func (g *Game) takeFromHandAt(s, from, i int, reason string) {
	h := g.seats[from].hand
	_ = g.randomFromHand(h)
	c := h[i]
	g.seats[from].hand = removeAt(h, i)
	g.seats[s].hand = append(g.seats[s].hand, c)
	e := newEvent("take")
	e.Seat, e.FromSeat, e.Zone, e.Reason = s, from, "hand", reason
	cc := cardOf(c)
	e.Card, e.secret = &cc, true
	g.emit(e)
}
