package bangarena

import (
	"encoding/json"
	"github.com/umpire-arena/umpire/referee/internal/jsonw"
	"reflect"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Rule ids of the refusals Apply names where the document's sentence and
// umpire's reading of it are separate rules.
const (
	ruleTargets        = "bangarena/4.targets"
	ruleSelfTarget     = "bangarena/4.self-target"      // I-BA-33
	ruleArgsContradict = "bangarena/12.args-contradict" // I-BA-25
	ruleChoiceAlone    = "bangarena/13.choice-alone"    // WIRE.md Observation fields
	ruleBlueOffer      = "bangarena/5.blue-offer"       // I-BA-34
)

// Apply performs the legal action actionID for seat, with optional args
// merged over its argsSchema (§12). On rejection it returns a *rules.Error
// naming the rule and leaves the state unchanged.
func (g *Game) Apply(seat int, actionID string, args json.RawMessage) error {
	if g.over {
		return rules.Errorf("bangarena/12.decider", "the match has ended; no decision is pending")
	}
	if d, _ := g.Decider(); d != seat {
		if g.deviates(DevHealWhenNotAsked) && g.healWhenNotAsked(seat, actionID) {
			return g.healOutOfTurn(seat, actionID)
		}
		return rules.Errorf(g.deciderRule(seat, actionID), "seat %d is not asked to decide now (seat %d is)", seat, d)
	}
	var room actBuf
	acts := g.legalActs(seat, room[:0])
	var x act
	found := false
	for _, a := range acts {
		if a.is(actionID) {
			x, found = a, true
			break
		}
	}
	if !found {
		return g.diagnose(seat, actionID)
	}
	var discard, byDefault []int
	named := false // the discard names its cards (args.cardUids)
	if x.cmd == cDiscard {
		st := &g.seats[seat]
		discard = append([]int(nil), st.hand[:len(st.hand)-st.hp]...)
		byDefault = discard
	}
	if len(args) > 0 && string(args) != "null" {
		g.note(ruleArgs)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(args, &m); err != nil {
			return rules.Errorf(ruleArgs, "args must be a JSON object: %v", err)
		}
		if x.cmd == cDiscard {
			if raw, ok := m["cardUids"]; ok {
				g.note(ruleDiscardArgs)
				d, err := g.discardArgs(seat, raw)
				if err != nil {
					return err
				}
				discard, named = d, true
			}
		} else {
			g.note(ruleArgsContradict)
			if err := checkArgs(x.schema(nil), m); err != nil {
				return err
			}
		}
	}
	g.record(seat, actionID, x, discard)
	if named {
		// The cards the discard names (§13): the discard event is theirs.
		prev := g.because(ruleDiscardArgs)
		if g.deviates(DevDiscardArgsIgnored) {
			discard = byDefault
		}
		g.exec(seat, x, discard)
		g.restore(prev)
	} else {
		g.exec(seat, x, discard)
	}
	g.version++
	g.decided++
	g.advance()
	return nil
}

// checkArgs rejects args that contradict the item's argsSchema (I-BA-25).
func checkArgs(schema map[string]any, m map[string]json.RawMessage) error {
	for k, raw := range m {
		want, ok := schema[k]
		if !ok {
			continue // unknown extra fields are allowed
		}
		var have, norm any
		if err := json.Unmarshal(raw, &have); err != nil {
			return rules.Errorf(ruleArgs, "args.%s: %v", k, err)
		}
		b, _ := json.Marshal(want)
		_ = json.Unmarshal(b, &norm)
		if !reflect.DeepEqual(have, norm) {
			return rules.Errorf(ruleArgsContradict, "args.%s = %s contradicts the item's argsSchema (%s)", k, raw, b)
		}
	}
	return nil
}

// discardArgs validates args.cardUids of the discard item: exactly
// (hand − hp) distinct uids of the seat's own hand (§13).
func (g *Game) discardArgs(seat int, raw json.RawMessage) ([]int, error) {
	var uids []string
	if err := json.Unmarshal(raw, &uids); err != nil {
		return nil, rules.Errorf("bangarena/13.discard-args", "args.cardUids must be a list of uids: %v", err)
	}
	st := &g.seats[seat]
	want := len(st.hand) - st.hp
	if len(uids) != want {
		return nil, rules.Errorf("bangarena/13.discard-args", "discard exactly %d cards, not %d", want, len(uids))
	}
	out := make([]int, 0, len(uids))
	for _, u := range uids {
		c, ok := uidIndex[u]
		if !ok || indexOf(st.hand, c) < 0 {
			return nil, rules.Errorf("bangarena/13.discard-args", "%q is not in your hand", u)
		}
		if indexOf(out, c) >= 0 {
			return nil, rules.Errorf("bangarena/13.discard-args", "%q is named twice", u)
		}
		out = append(out, c)
	}
	return out, nil
}

// record logs the applied decision as a private event: the replay record
// (I-BA-20).
func (g *Game) record(seat int, actionID string, x act, discard []int) {
	e := newEvent("decision")
	e.To, e.Seat, e.ActionID, e.Command = seat, seat, actionID, cmdNames[x.cmd]
	if x.cmd == cDiscard {
		// The bytes json.Marshal gives for {"cardUids": [...]}.
		b := append(make([]byte, 0, 16+12*len(discard)), `{"cardUids":[`...)
		for i, c := range discard {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, uidTable[c])
		}
		e.Args = append(b, ']', '}')
	}
	e.Version = g.version
	g.emit(e)
}

// exec performs a legal action.
func (g *Game) exec(seat int, x act, discard []int) {
	switch x.cmd {
	case cGlory, cFirstDraw, cLookTop, cPrayer:
		c := g.choices[0]
		g.choices = g.choices[1:]
		g.resolveChoice(c, x)
		return
	case cDiscardHeal:
		st := &g.seats[seat]
		g.discardFromHand(seat, []int{x.card, x.card2}, "char_12")
		_ = st
		g.heal(seat, 1)
		return
	case cDiscard:
		g.discardFromHand(seat, discard, "discard")
		return
	}
	if g.atk != nil {
		g.react(seat, x)
		return
	}
	g.play(seat, x)
}

// resolveChoice applies the answer to a pending choice (I-BA-21 for the
// first draw, I-BA-16 for the prayer).
func (g *Game) resolveChoice(c choice, x act) {
	s := c.seat
	switch c.kind {
	case "glory":
		g.applyPerk(s, x.zone)
	case "first_draw":
		switch x.zone {
		case "hand":
			prev := g.because(charRules["char_05"])
			if g.deviates(DevGripTakesFirstCard) {
				g.takeFromHandAt(s, x.pick, 0, "char_05")
			} else {
				g.takeRandomFromHand(s, x.pick, "char_05")
			}
			g.restore(prev)
		case "discard":
			top := g.discard[len(g.discard)-1]
			g.discard = g.discard[:len(g.discard)-1]
			g.seats[s].hand = append(g.seats[s].hand, top)
			e := newEvent("take")
			e.Seat, e.Zone, e.Reason = s, "discard", "char_10"
			cc := cardOf(top)
			e.Card = &cc
			g.emit(e)
		default:
			g.drawN(s, 1, "draw")
		}
		g.drawN(s, 1, "draw")
		g.afterDraw()
	case "look_top":
		n := len(g.deck)
		g.deck = g.deck[:n-3]
		var keep []int
		for _, k := range c.cards {
			if k != x.card {
				keep = append(keep, k)
			}
		}
		if c.reason == "char_07" && g.deviates(DevThreeEyesKeepsThree) {
			keep = append(keep, x.card)
		} else {
			g.deck = append(g.deck, x.card)
		}
		g.seats[s].hand = append(g.seats[s].hand, keep...)
		e := newEvent("draw")
		e.Seat, e.Count, e.Reason, e.Cards, e.secret = s, len(keep), "look_top", g.cardsOut(keep), true
		if c.reason == "char_07" {
			defer g.restore(g.because(charRules["char_07"]))
		}
		g.emit(e)
		g.afterDraw()
	case "prayer":
		e := newEvent("prayer")
		e.Seat, e.TargetSeat = s, c.victim
		if x.yes {
			g.seats[s].prayerUsed = true
			v := &g.seats[c.victim]
			if g.chance.Prayer() && !v.alive {
				v.alive, v.hp = true, 1
				e.Result = "returned"
			} else {
				e.Result = "failed"
			}
		} else {
			e.Result = "declined"
		}
		g.emit(e)
	}
}

// diagnose explains why actionID is not legal for the deciding seat, with
// the most specific rule it can name.
func (g *Game) diagnose(seat int, actionID string) error {
	parts := strings.Split(actionID, ":")
	head := parts[0]
	target := func(i int) int {
		if len(parts) <= i {
			return -1
		}
		t := 0
		for _, ch := range parts[i] {
			if ch < '0' || ch > '9' {
				return -1
			}
			t = t*10 + int(ch-'0')
			if t > 99 {
				return -1
			}
		}
		if len(parts[i]) == 0 {
			return -1
		}
		return t
	}
	st := &g.seats[seat]
	inHand := func(i int) (int, bool) {
		if len(parts) <= i {
			return -1, false
		}
		c, ok := uidIndex[parts[i]]
		return c, ok && indexOf(st.hand, c) >= 0
	}
	reacting, choosing := g.atk != nil, g.choosing()
	phaseErr := func(want string) error {
		return rules.Errorf("bangarena/3.phases", "%q is a %s command; the match now waits for %s", actionID, want, g.waiting())
	}
	// An item of the phase the match is in, offered while a choice is
	// pending, breaks only WIRE.md's pin that the choice's items are the
	// whole decision; §13's "no pending choice" of Bonesetter and Tracker
	// is the document's.
	aloneErr := func() error {
		return rules.Errorf(ruleChoiceAlone, "%q: while the choice %s is pending its items are the whole decision", actionID, g.choices[0].id)
	}
	switch head {
	case "miss", "raid_discard_shot", "duel_discard_shot", "pass_reaction":
		if reacting && choosing {
			return aloneErr()
		}
		if !reacting {
			return phaseErr("reaction")
		}
		return rules.Errorf("bangarena/7.reactions", "%q does not answer the pending %s with a card of your hand", actionID, g.atk.kind)
	case "first_draw", "look_top", "glory", "prayer":
		if !choosing {
			return phaseErr("pending-choice")
		}
		return rules.Errorf("bangarena/13.choices", "%q does not name the pending choice %s and one of its options", actionID, g.choices[0].id)
	case "discard":
		if choosing && !reacting && g.phase == PhaseDiscard {
			return aloneErr()
		}
		return phaseErr("discard")
	}
	if choosing {
		if head != "discard_heal" && head != "peek" && !reacting && g.phase == PhasePlay && seat == g.turnSeat {
			return aloneErr()
		}
		return phaseErr("play")
	}
	if head == "discard_heal" {
		if g.highNoon {
			return rules.Errorf("bangarena/8.high-noon", "nobody heals at High Noon")
		}
		return rules.Errorf("bangarena/6.char-12-bonesetter", "%q: only Bonesetter, below max hp, may discard two hand cards to heal", actionID)
	}
	if reacting || g.phase != PhasePlay {
		return phaseErr("play")
	}
	c, ok := inHand(1)
	if head != "end_play" && head != "peek" && !ok {
		return rules.Errorf("bangarena/13.action-ids", "%q does not name a card of your hand", actionID)
	}
	t := target(2)
	if t == seat && (head == "duel" || head == "steal" || head == "discard_any") {
		return rules.Errorf(ruleSelfTarget, "%q: no targeted card targets its own player (I-BA-33, READINGS 4)", actionID)
	}
	if t == seat && head == "equip_blue" && deckTable[c].id == "jail" {
		return rules.Errorf(ruleTargets, "%q: Jail goes on another seat (§13)", actionID)
	}
	if t >= 0 && (head == "duel" || head == "steal" || head == "discard_any" || head == "equip_blue" && deckTable[c].id == "jail") && (t >= len(g.seats) || !g.seats[t].alive) {
		return rules.Errorf(ruleTargets, "%q: seat %d is no living seat", actionID, t)
	}
	switch head {
	case "shot":
		if id := deckTable[c].id; id != "shot" && (id != "miss" || !g.twoFaced(seat)) {
			return rules.Errorf("bangarena/6.char-03-two-faced", "%q: only Two-Faced plays a Ricochet as a Shot, and no other card is one", actionID)
		}
		if g.shotLimited(seat) && g.shots >= 1 {
			return rules.Errorf("bangarena/3.shot-limit", "one Shot per turn without a Volcanic, Mad Dog or High Noon")
		}
		if t == seat {
			return rules.Errorf(ruleSelfTarget, "a Shot targets another seat than its player (I-BA-33, READINGS 4)")
		}
		if t < 0 || t >= len(g.seats) || !g.seats[t].alive {
			return rules.Errorf(ruleTargets, "a Shot targets a living seat")
		}
		if g.Distance(seat, t) > g.Range(seat) {
			return rules.Errorf(g.farRule(t, g.Distance(seat, t)-1 <= g.Range(seat), "bangarena/4.range"), "seat %d is at distance %d, beyond your range %d", t, g.Distance(seat, t), g.Range(seat))
		}
	case "equip_blue":
		id := deckTable[c].id
		if id == "jail" && t == g.marshal {
			return rules.Errorf("bangarena/5.jail", "the Marshal cannot be jailed")
		}
		if id == "jail" && t >= 0 && t < len(g.seats) && g.inPlayID(t, "jail") >= 0 {
			return rules.Errorf("bangarena/5.jail", "seat %d is already jailed", t)
		}
		if id != "jail" && g.inPlayID(seat, id) >= 0 {
			return rules.Errorf(ruleBlueOffer, "you already have a %s in play (I-BA-34)", id)
		}
	case "steal":
		if t >= 0 && t < len(g.seats) && t != seat && g.seats[t].alive && g.Distance(seat, t) > 1 {
			return rules.Errorf(g.farRule(t, g.Distance(seat, t) == 2, "bangarena/4.steal-distance"), "Snatch reaches distance 1 only; seat %d is at %d", t, g.Distance(seat, t))
		}
	case "heal", "heal_all":
		if g.highNoon {
			return rules.Errorf("bangarena/8.high-noon", "nobody heals at High Noon")
		}
		if head == "heal" && st.hp >= st.maxHp {
			return rules.Errorf("bangarena/5.flask", "the Flask heals in the play phase below max hp only")
		}
	}
	return rules.Errorf("bangarena/13.action-ids", "%q is not among the legalActions of seat %d", actionID, seat)
}

// farRule names the rule an item at seat t breaks for being too far: when
// only t's Horse puts it out of reach (byHorse: one step nearer it would
// be in reach), the Horse's rule — Pass Shadow's built-in one (§6) or a
// Horse card (§5) — else the distance rule given.
func (g *Game) farRule(t int, byHorse bool, rule string) string {
	switch {
	case !byHorse:
		return rule
	case g.inPlayID(t, "mount") >= 0:
		return "bangarena/5.horse-scope"
	case g.seats[t].char == "char_09":
		return "bangarena/6.char-09-pass-shadow"
	}
	return rule
}

// waiting describes what the match waits for, for error messages.
func (g *Game) waiting() string {
	switch {
	case g.choosing():
		return "the pending choice " + g.choices[0].id
	case g.atk != nil:
		return "an answer to the " + g.atk.kind
	}
	return "the " + g.Phase() + " phase of seat " + itoa(g.turnSeat)
}

// DecisionRule names the rule a logged decision the engine refuses (err,
// from Apply) breaks, for the log verifier and the conformance replay: who
// decides, who answers an attack and args are their own rules; a refusal
// that rests on a reading or a pin (I-BA-33, I-BA-25, I-BA-27, WIRE.md)
// keeps its rule, so its finding keeps that basis; anything else is not
// an item of the list (§1).
func DecisionRule(err error) string {
	r := rules.RuleOf(err)
	switch r {
	case ruleDecider, ruleArgs, ruleDiscardArgs, ruleQueueOrder, ruleReactions, charRules["char_13"]:
		return r
	}
	if c, ok := rules.Default().Lookup(r); ok && !c.Basis.Binding() {
		return r
	}
	return "bangarena/1.legal-only"
}
