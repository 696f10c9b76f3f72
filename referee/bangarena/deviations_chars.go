package bangarena

import "strings"

// Deviations of the §6 characters of checks, Cover and distance (Iron
// Brow, Lucky, Eagle Eye, Double Barrel), of the reaction queue (§7) and of
// the resolving card (§3), one per rule; the names are the embedded
// server's fault names (harness/bangarena/server faults_chars.go).
const (
	// DevIronBrowNoCover: Iron Brow has no innate Cover; only a Cover card
	// gives it a check (6.char-06-iron-brow). The coin it would have
	// flipped is still taken from the Chance, so only the check differs.
	DevIronBrowNoCover = "iron-brow-no-cover"
	// DevLuckyOneTry: Lucky gets one try on a check, as everyone
	// (6.char-08-lucky).
	DevLuckyOneTry = "lucky-one-try"
	// DevEagleEyeNoScope: Eagle Eye shoots without his built-in Scope (Mad
	// Dog keeps his) (6.char-11-eagle-eye).
	DevEagleEyeNoScope = "eagle-eye-no-scope"
	// DevDoubleBarrelOneMiss: one Ricochet stops Double Barrel's Shot at
	// distance 1 (6.char-13-double-barrel).
	DevDoubleBarrelOneMiss = "double-barrel-one-miss"
	// DevRaidFromRight: a Raid is answered from the attacker's right
	// neighbour on, against seat order (7.queue-order).
	DevRaidFromRight = "raid-from-right"
	// DevResolvingCardDrawable: Wagon, Caravan and Bazaar go to the discard
	// pile before their draws, so a reshuffle during them shuffles the
	// resolving card in (3.resolving-card).
	DevResolvingCardDrawable = "resolving-card-drawable"
	// DevHealWhenNotAsked: Bonesetter's discard_heal is applied when §13
	// allows it although another seat decides (6.char-12-own-decisions:
	// umpire reads the heal as an item of Bonesetter's own decisions,
	// I-BA-18).
	DevHealWhenNotAsked = "heal-when-not-asked"
)

// Rule ids of the causes the engine names applying these rules.
const (
	ruleQueueOrder    = "bangarena/7.queue-order"
	ruleResolvingCard = "bangarena/3.resolving-card"
	ruleDecider       = "bangarena/12.decider"
	ruleOneDecider    = "bangarena/12.one-decider" // I-BA-27
	ruleReactions     = "bangarena/7.reactions"
	ruleBonesetterOwn = "bangarena/6.char-12-own-decisions" // I-BA-18
)

// deciderRule names the rule a decision by seat, who is not the seat asked,
// breaks (I-BA-67): the seat the attack or the turn would ask, while a
// choice is pending, breaks umpire's reading of which goes first
// (I-BA-27); a Raid or Buckshot answered by a seat further
// down the queue than its head breaks the queue order (§7, a reading); a
// point-blank Shot of Double Barrel left by its target after one Ricochet
// (or a lucky Cover) breaks Double Barrel's two Ricochets (§6 char_13);
// another seat answering an attack breaks §3's "only the target or the
// queue head acts"; Bonesetter's discard_heal while another seat decides,
// where §13 allows it ("any seat's turn", no choice pending, in play,
// discard or reaction, the two cards in hand, below max hp and above 0,
// not at High Noon), breaks only umpire's reading that the heal is an item
// of Bonesetter's own decisions (I-BA-18); anything else is §12's "only
// the seat asked decides".
func (g *Game) deciderRule(seat int, actionID string) string {
	a := g.atk
	attacked := a != nil && len(a.queue) > 0
	switch {
	case seat < 0 || seat >= len(g.seats):
		return ruleDecider
	case g.healWhenNotAsked(seat, actionID):
		return ruleBonesetterOwn
	case g.choosing() && (attacked && a.queue[0] == seat || !attacked && seat == g.turnSeat):
		// The seat the attack or the turn asks, while another seat's
		// choice is pending: which goes first is I-BA-27's.
		return ruleOneDecider
	case !attacked:
		return ruleDecider
	case (a.kind == "raid" || a.kind == "aoe_shot") && indexOf(a.queue[1:], seat) >= 0:
		return ruleQueueOrder
	case a.kind == "shot" && a.pointBlank && a.need == 1:
		return charRules["char_13"]
	}
	return ruleReactions
}

// healWhenNotAsked reports whether actionID is a discard_heal of seat,
// Bonesetter, that §13 allows at this moment although seat is not the seat
// asked (I-BA-18 offers the heal in Bonesetter's own decisions only).
func (g *Game) healWhenNotAsked(seat int, actionID string) bool {
	parts := strings.Split(actionID, ":")
	if len(parts) != 3 || parts[0] != "discard_heal" || parts[1] == parts[2] {
		return false
	}
	st := &g.seats[seat]
	if st.char != "char_12" || !st.alive || st.hp <= 0 || st.hp >= st.maxHp || g.highNoon || g.choosing() {
		return false
	}
	if g.atk == nil && g.phase != PhasePlay && g.phase != PhaseDiscard {
		return false
	}
	for _, u := range parts[1:] {
		c, ok := uidIndex[u]
		if !ok || indexOf(st.hand, c) < 0 {
			return false
		}
	}
	return true
}

// healOutOfTurn applies Bonesetter's discard_heal of seat, not the seat
// asked, as DevHealWhenNotAsked does: the two cards discarded, one hp
// healed, the decider unchanged.
func (g *Game) healOutOfTurn(seat int, actionID string) error {
	parts := strings.Split(actionID, ":")
	x := newAct(cDiscardHeal)
	x.card, x.card2 = uidIndex[parts[1]], uidIndex[parts[2]]
	prev := g.because(ruleBonesetterOwn)
	g.record(seat, actionID, x, nil)
	g.exec(seat, x, nil)
	g.restore(prev)
	g.version++
	g.decided++
	g.advance()
	return nil
}
