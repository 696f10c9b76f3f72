package bangarena

import "strconv"

// Legal actions of §13 with their exact actionIds (READINGS 2–7, 14, 16).

type cmdKind uint8

const (
	cShot cmdKind = iota + 1
	cAoe
	cRaid
	cDuel
	cSteal
	cToss
	cDraw
	cMarket
	cHealAll
	cHealSelf
	cEquipBlue
	cWeapon
	cEndPlay
	cDiscard
	cMiss
	cRaidShot
	cDuelShot
	cPass
	cFirstDraw
	cLookTop
	cGlory
	cPrayer
	cPeek
	cDiscardHeal
)

var cmdNames = [...]string{
	cShot: "play_shot", cAoe: "play_aoe_shot", cRaid: "play_raid", cDuel: "play_duel", cSteal: "play_steal",
	cToss: "play_discard_any", cDraw: "play_draw", cMarket: "play_market", cHealAll: "play_heal_all",
	cHealSelf: "play_heal_self", cEquipBlue: "play_equip_blue", cWeapon: "play_weapon", cEndPlay: "end_play",
	cDiscard: "discard", cMiss: "play_miss", cRaidShot: "play_raid_discard_shot", cDuelShot: "play_duel_discard_shot",
	cPass: "pass_reaction", cFirstDraw: "choose_first_draw", cLookTop: "choose_look_top", cGlory: "choose_glory",
	cPrayer: "choose_prayer", cPeek: "use_peek_role", cDiscardHeal: "use_discard_heal",
}

// act is an internal legal action.
type act struct {
	cmd      cmdKind
	card     int // card played, or -1
	card2    int // second card of use_discard_heal, or -1
	target   int // target seat, or -1
	playedAs string
	zone     string // steal/toss pick zone; first_draw source kind; glory perk
	pick     int    // inPlay card of a pick; first_draw hand seat
	yes      bool   // prayer
	choiceID string
}

func newAct(c cmdKind) act { return act{cmd: c, card: -1, card2: -1, target: -1, pick: -1} }

// LegalAction is one item of legalActions (§12, §13).
type LegalAction struct {
	ActionID   string         `json:"actionId"`
	Command    string         `json:"command"`
	ArgsSchema map[string]any `json:"argsSchema,omitempty"`
}

// id returns the actionId of §13: interned (idtable.go) or formatted.
func (a act) id() string {
	if id, ok := a.interned(); ok {
		return id
	}
	var room [64]byte
	return string(a.appendID(room[:0]))
}

// is reports whether a's actionId is id, without building it.
func (a act) is(id string) bool {
	if s, ok := a.interned(); ok {
		return s == id
	}
	var room [64]byte
	return string(a.appendID(room[:0])) == id
}

// appendID appends the actionId of §13 to b.
func (a act) appendID(b []byte) []byte {
	u := func(c int) string { return uidTable[c] }
	n := func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(i), 10) }
	switch a.cmd {
	case cShot:
		return n(append(append(append(b, "shot:"...), u(a.card)...), ':'), a.target)
	case cAoe:
		return append(append(b, "aoe_shot:"...), u(a.card)...)
	case cRaid:
		return append(append(b, "raid:"...), u(a.card)...)
	case cDuel:
		return n(append(append(append(b, "duel:"...), u(a.card)...), ':'), a.target)
	case cSteal, cToss:
		if a.cmd == cToss {
			b = append(b, "discard_any:"...)
		} else {
			b = append(b, "steal:"...)
		}
		b = append(n(append(append(b, u(a.card)...), ':'), a.target), ':')
		switch a.zone {
		case "hand":
			return append(b, "hand"...)
		case "weapon":
			return append(b, "weapon"...)
		}
		return append(append(b, "inPlay:"...), u(a.pick)...)
	case cDraw:
		return append(append(b, "draw:"...), u(a.card)...)
	case cMarket:
		return append(append(b, "market:"...), u(a.card)...)
	case cHealAll:
		return append(append(b, "heal_all:"...), u(a.card)...)
	case cHealSelf:
		return append(append(b, "heal:"...), u(a.card)...)
	case cEquipBlue:
		b = append(append(b, "equip_blue:"...), u(a.card)...)
		if a.target >= 0 {
			return n(append(b, ':'), a.target)
		}
		return b
	case cWeapon:
		return append(append(b, "weapon:"...), u(a.card)...)
	case cEndPlay:
		return append(b, "end_play"...)
	case cDiscard:
		return append(b, "discard"...)
	case cMiss:
		return append(append(b, "miss:"...), u(a.card)...)
	case cRaidShot:
		return append(append(b, "raid_discard_shot:"...), u(a.card)...)
	case cDuelShot:
		return append(append(b, "duel_discard_shot:"...), u(a.card)...)
	case cPass:
		return append(b, "pass_reaction"...)
	case cFirstDraw:
		b = append(append(b, "first_draw:"...), a.choiceID...)
		switch a.zone {
		case "hand":
			return n(append(b, ":hand:"...), a.pick)
		case "discard":
			return append(b, ":discard"...)
		}
		return append(b, ":deck"...)
	case cLookTop:
		return append(append(append(append(b, "look_top:"...), a.choiceID...), ':'), u(a.card)...)
	case cGlory:
		return append(append(append(append(b, "glory:"...), a.choiceID...), ':'), a.zone...)
	case cPrayer:
		b = append(append(b, "prayer:"...), a.choiceID...)
		if a.yes {
			return append(b, ":yes"...)
		}
		return append(b, ":no"...)
	case cPeek:
		return n(append(b, "peek:"...), a.target)
	case cDiscardHeal:
		return append(append(append(append(b, "discard_heal:"...), u(a.card)...), ':'), u(a.card2)...)
	}
	return b
}

// schema builds the argsSchema of §13 for a (discardUIDs for discard).
func (a act) schema(discardUIDs []string) map[string]any {
	if a.cmd == cEndPlay || a.cmd == cPass {
		return nil
	}
	m := map[string]any{}
	if a.card >= 0 && a.cmd != cLookTop && a.cmd != cDiscardHeal {
		m["cardUid"] = uidAny[a.card]
	}
	if a.target >= 0 {
		m["targetSeat"] = a.target
	}
	switch a.playedAs {
	case "":
	case "shot": // the constants box without allocating
		m["playedAs"] = "shot"
	case "miss":
		m["playedAs"] = "miss"
	default:
		m["playedAs"] = a.playedAs
	}
	switch a.cmd {
	case cEndPlay, cPass:
		return nil
	case cSteal, cToss:
		p := map[string]any{"zone": a.zone}
		if a.zone == "inPlay" {
			p["cardUid"] = uidAny[a.pick]
		}
		m["pick"] = p
	case cDiscard:
		m["cardUids"] = discardUIDs
	case cFirstDraw:
		src := map[string]any{"kind": a.zone}
		if a.zone == "hand" {
			src["seat"] = a.pick
		}
		m["choiceId"], m["source"] = a.choiceID, src
	case cLookTop:
		m["choiceId"], m["putBackUid"] = a.choiceID, uidAny[a.card]
	case cGlory:
		m["choiceId"], m["perk"] = a.choiceID, a.zone
	case cPrayer:
		m["choiceId"], m["pray"] = a.choiceID, a.yes
	case cDiscardHeal:
		m["cardUids"] = []string{uidTable[a.card], uidTable[a.card2]}
	}
	return m
}

// Legal returns seat's legalActions now: empty unless seat is the Decider.
func (g *Game) Legal(seat int) []LegalAction {
	var room actBuf
	acts := g.legalActs(seat, room[:0])
	out := make([]LegalAction, len(acts))
	var discard []string // the discard item's default, built for it alone
	for i, a := range acts {
		if a.cmd == cDiscard && discard == nil {
			discard = g.defaultDiscard(seat)
		}
		out[i] = LegalAction{ActionID: a.id(), Command: cmdNames[a.cmd], ArgsSchema: a.schema(discard)}
	}
	return out
}

// defaultDiscard is the default of the discard item: the first (hand − hp)
// cards in hand order (WIRE.md).
func (g *Game) defaultDiscard(seat int) []string {
	if seat < 0 || seat >= len(g.seats) {
		return nil
	}
	st := &g.seats[seat]
	k := len(st.hand) - st.hp
	if k <= 0 {
		return nil
	}
	return uidsOf(st.hand[:k])
}

// actBuf is room for the legal actions of most decisions, on the stack of
// the caller that only reads them (a longer list grows on the heap).
type actBuf [32]act

// legalActs appends seat's legal actions to buf.
func (g *Game) legalActs(seat int, buf []act) []act {
	d, ok := g.Decider()
	if !ok || d != seat {
		return buf
	}
	if g.choosing() {
		g.note(ruleChoices) // the choice's items are the whole decision
		return g.choiceActs(g.choices[0], buf)
	}
	if g.atk != nil {
		buf = g.reactionActs(seat, buf)
		return g.bonesetterActs(seat, buf)
	}
	switch g.phase {
	case PhasePlay:
		buf = g.playActs(seat, buf)
	case PhaseDiscard:
		buf = append(buf, newAct(cDiscard))
		buf = g.bonesetterActs(seat, buf)
	}
	return buf
}

func (g *Game) choiceActs(c choice, buf []act) []act {
	switch c.kind {
	case "glory":
		for _, p := range []string{"range", "heart", "sight"} {
			if p == "sight" && !g.sightOffered(c.seat) {
				continue
			}
			a := newAct(cGlory)
			a.zone, a.choiceID = p, c.id
			buf = append(buf, a)
		}
	case "first_draw":
		a := newAct(cFirstDraw)
		a.zone, a.choiceID = "deck", c.id
		buf = append(buf, a)
		if c.reason == "char_05" {
			for t := range g.seats {
				if t != c.seat && g.seats[t].alive && len(g.seats[t].hand) > 0 {
					a := newAct(cFirstDraw)
					a.zone, a.pick, a.choiceID = "hand", t, c.id
					buf = append(buf, a)
				}
			}
		}
		if c.reason == "char_10" && len(g.discard) > 0 {
			a := newAct(cFirstDraw)
			a.zone, a.choiceID = "discard", c.id
			buf = append(buf, a)
		}
	case "look_top":
		for _, card := range c.cards {
			a := newAct(cLookTop)
			a.card, a.choiceID = card, c.id
			buf = append(buf, a)
		}
	case "prayer":
		for _, y := range []bool{true, false} {
			a := newAct(cPrayer)
			a.yes, a.choiceID = y, c.id
			buf = append(buf, a)
		}
	}
	return buf
}

// twoFaced reports whether s may play a card of id as the other kind.
func (g *Game) twoFaced(s int) bool {
	if g.seats[s].char == "char_03" {
		g.noteChar(s)
		return true
	}
	return false
}

func (g *Game) reactionActs(s int, buf []act) []act {
	st := &g.seats[s]
	a := g.atk
	switch a.kind {
	case "shot", "aoe_shot":
		for _, c := range st.hand {
			id := deckTable[c].id
			if id == "miss" || (id == "shot" && g.twoFaced(s)) {
				x := newAct(cMiss)
				x.card = c
				if id == "shot" {
					x.playedAs = "miss"
				}
				buf = append(buf, x)
			}
		}
		// READINGS 9: the Flask answers a Shot or Buckshot at hp 1 with 3+ living.
		if st.hp == 1 && g.living() > 2 && !g.highNoon {
			for _, c := range st.hand {
				if deckTable[c].id == "heal_self" {
					x := newAct(cHealSelf)
					x.card = c
					buf = append(buf, x)
				}
			}
		}
	case "raid", "duel":
		k := cRaidShot
		if a.kind == "duel" {
			k = cDuelShot
		}
		for _, c := range st.hand {
			id := deckTable[c].id
			if id == "shot" || (id == "miss" && g.twoFaced(s)) {
				x := newAct(k)
				x.card = c
				if id == "miss" {
					x.playedAs = "shot"
				}
				buf = append(buf, x)
			}
		}
	}
	return append(buf, newAct(cPass))
}

// bonesetterActs: READINGS 7, one item per unordered pair in hand order,
// offered in Bonesetter's own decisions (I-BA-18).
func (g *Game) bonesetterActs(s int, buf []act) []act {
	st := &g.seats[s]
	if st.char != "char_12" {
		return buf
	}
	g.noteChar(s) // Bonesetter's own decision: the pairs are offered or not by the rule
	if st.hp >= st.maxHp || st.hp <= 0 || g.highNoon {
		return buf
	}
	for i := 0; i < len(st.hand); i++ {
		for j := i + 1; j < len(st.hand); j++ {
			x := newAct(cDiscardHeal)
			x.card, x.card2 = st.hand[i], st.hand[j]
			buf = append(buf, x)
		}
	}
	return buf
}

// appendCardAct appends the item of command k playing card c alone.
func appendCardAct(buf []act, k cmdKind, c int) []act {
	x := newAct(k)
	x.card = c
	return append(buf, x)
}

func (g *Game) playActs(s int, buf []act) []act {
	st := &g.seats[s]
	limited := g.shotLimited(s) && g.shots >= 1
	for _, c := range st.hand {
		id := deckTable[c].id
		if id == "shot" || (id == "miss" && g.twoFaced(s)) {
			if !limited {
				r := g.Range(s)
				for t := range g.seats {
					if t != s && g.seats[t].alive && g.Distance(s, t) <= r {
						x := newAct(cShot)
						x.card, x.target = c, t
						if id == "miss" {
							x.playedAs = "shot"
						}
						buf = append(buf, x)
					}
				}
			}
			continue
		}
		switch id {
		case "heal_self":
			if st.hp < st.maxHp && !g.highNoon && !(g.legacy() && g.living() <= 2) {
				buf = appendCardAct(buf, cHealSelf, c)
			}
		case "steal_near", "discard_any":
			k := cSteal
			if id == "discard_any" {
				k = cToss
			}
			for t := range g.seats {
				self := t == s && k == cToss && g.cfg.Readings.TossSelf
				if t == s && !self || !g.seats[t].alive || (k == cSteal && g.Distance(s, t) > 1) {
					continue
				}
				ts := &g.seats[t]
				if len(ts.hand) > 0 && !(self && len(ts.hand) < 2) { // the Toss leaves the hand first
					x := newAct(k)
					x.card, x.target, x.zone = c, t, "hand"
					buf = append(buf, x)
				}
				for _, p := range ts.inPlay {
					x := newAct(k)
					x.card, x.target, x.zone, x.pick = c, t, "inPlay", p
					buf = append(buf, x)
				}
				if ts.weapon >= 0 {
					x := newAct(k)
					x.card, x.target, x.zone = c, t, "weapon"
					buf = append(buf, x)
				}
			}
		case "duel":
			for t := range g.seats {
				if t != s && g.seats[t].alive {
					x := newAct(cDuel)
					x.card, x.target = c, t
					buf = append(buf, x)
				}
			}
		case "raid":
			buf = appendCardAct(buf, cRaid, c)
		case "aoe_shot":
			buf = appendCardAct(buf, cAoe, c)
		case "draw2", "draw3":
			buf = appendCardAct(buf, cDraw, c)
		case "market":
			buf = appendCardAct(buf, cMarket, c)
		case "heal_all":
			if !g.highNoon && (!g.cfg.Readings.SaloonWhenHurt || g.anyHurt()) {
				buf = appendCardAct(buf, cHealAll, c)
			}
		case "jail":
			for t := range g.seats {
				if t != s && g.seats[t].alive && t != g.marshal && g.inPlayID(t, "jail") < 0 {
					x := newAct(cEquipBlue)
					x.card, x.target = c, t
					buf = append(buf, x)
				}
			}
		case "cover", "mount", "scope", "bomb":
			if g.inPlayID(s, id) < 0 && !(g.cfg.Readings.BuiltInsBlock && builtInCard[st.char] == id) {
				buf = appendCardAct(buf, cEquipBlue, c)
			}
		case "miss":
			// A Ricochet is only an answer (§7).
		default:
			if cardKind(id) == kindWeapon && !(g.cfg.Readings.WeaponKindWithheld && st.weapon >= 0 && deckTable[st.weapon].id == id) {
				buf = appendCardAct(buf, cWeapon, c)
			}
		}
	}
	if st.char == CharTracker && st.peeks > 0 {
		for t := range g.seats {
			if t != s && g.seats[t].alive && t != g.marshal && !g.knows(s, t) {
				x := newAct(cPeek)
				x.target = t
				buf = append(buf, x)
			}
		}
	}
	buf = g.bonesetterActs(s, buf)
	return append(buf, newAct(cEndPlay))
}

// knows reports whether s already peeked at t. Only peeks count (never
// briefings), so the list of peek items reveals nothing about true roles.
func (g *Game) knows(s, t int) bool { return indexOf(g.seats[s].peeked, t) >= 0 }

// builtInCard is the blue card a character has built in (§4, §6), for
// Readings.BuiltInsBlock.
var builtInCard = map[string]string{"char_06": "cover", "char_09": "mount", "char_11": "scope", "char_16": "scope"}

// anyHurt reports whether a living seat is below its max hp (for
// Readings.SaloonWhenHurt).
func (g *Game) anyHurt() bool {
	for i := range g.seats {
		if st := &g.seats[i]; st.alive && st.hp < st.maxHp {
			return true
		}
	}
	return false
}
