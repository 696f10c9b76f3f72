package bangarena

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/umpire-arena/umpire/referee/rules"
)

// LegalFromView re-derives the legalActions of the seat a PlayerView
// belongs to (its "you"), from that observation alone: hands of other seats
// count only by handCount, the piles by their sizes, the Shot limit and
// High Noon come from the events (READINGS 13), the pending reaction and
// choice from their fields. It returns an empty list when that seat is not
// the one asked, and a *rules.Error for an observation it cannot read.
// It assumes the events reach back to the match start; LegalFromRequest
// (what `umpire legal` uses) does not, and says what it cannot decide.
func LegalFromView(v PlayerView) ([]LegalAction, error) {
	g, _, err := gameFromView(v)
	if err != nil {
		return nil, err
	}
	return g.Legal(v.You), nil
}

// Undecided is a part of the legal list that an observation does not
// carry enough to decide: the items of Command are left out rather than
// guessed, and Reason says what is missing.
type Undecided struct {
	Command string `json:"command"`
	Reason  string `json:"reason"`
}

// history is what the observation's events tell of the past.
type history struct {
	// complete: the events reach back to the match start (seq 1).
	complete bool
	// turnKnown: the events reach back to this turn's turn_start, so the
	// Shot count of the turn is known; why says why not.
	turnKnown bool
	why       string
	// noonKnown: whether High Noon holds is known (from the highNoon
	// field, a high_noon event, the round, or the mode).
	noonKnown bool
}

// maxPeeks is Tracker's number of peeks by seat count (I-BA-16).
var maxPeeks = [...]int{0, 0, 1, 1, 1, 1, 2, 2, 3}

// LegalFromRequest derives the legalActions of a DecisionRequest from its
// observation alone, like LegalFromView, without assuming that the
// observation's events reach back to the match start: what depends on
// events the list does not hold (the Shot limit when this turn's
// turn_start is not in it, Tracker's peeks left when the match start is
// not) is left out and reported as undecided when it changes the list,
// never guessed (I-BA-L1). The items compare with the request's own list
// as sets (READINGS 8). A request whose seatId is not the observation's
// seat, or an observation it cannot read, gives a *rules.Error.
func LegalFromRequest(req DecisionRequest) ([]LegalAction, []Undecided, error) {
	return legalFromRequest(req, ReadGaps{})
}

// legalFromRequest is LegalFromRequest with what the tolerant reader could
// not read (I-BA-L3): an unknown role mode, High Noon or Shot count of the
// turn is one more possible history.
func legalFromRequest(req DecisionRequest, gaps ReadGaps) ([]LegalAction, []Undecided, error) {
	v := req.Observation
	if req.SeatID != v.You && !gaps.noSeat { // I-BA-L2
		return nil, nil, rules.Errorf("bangarena/12.request", "seatId %d is not the observation's seat (you = %d)", req.SeatID, v.You)
	}
	g, h, err := gameFromView(v)
	if err != nil {
		return nil, nil, err
	}
	if gaps.turn != "" && h.turnKnown {
		h.turnKnown, h.why = false, gaps.turn
	}
	noonWhy := "neither the round nor the events tell whether High Noon holds"
	if gaps.noon != "" && !g.highNoon {
		h.noonKnown, noonWhy = false, gaps.noon+": whether High Noon holds cannot be decided"
	}
	me := &g.seats[v.You]
	type alt struct {
		apply, undo func()
		reason      string
	}
	var alts []alt
	if gaps.mode != "" {
		mode, other := g.cfg.RoleMode, ModeLegacy
		if mode == ModeLegacy {
			other = ModeClassic
		}
		alts = append(alts, alt{func() { g.cfg.RoleMode = other }, func() { g.cfg.RoleMode = mode }, gaps.mode + ": the role mode cannot be decided"})
	}
	if !h.turnKnown {
		shots := g.shots
		alts = append(alts, alt{func() { g.shots = 1 - min(shots, 1) }, func() { g.shots = shots },
			h.why + ": the Shot limit of this turn (one Shot unless lifted) cannot be decided"})
	}
	if !h.noonKnown {
		alts = append(alts, alt{func() { g.highNoon = true }, func() { g.highNoon = false }, noonWhy})
	}
	if !h.complete && me.char == CharTracker {
		peeks, peeked := me.peeks, me.peeked
		// The events kept may show only some of the peeks: any peek item
		// is then a guess (none left is as possible as all).
		alts = append(alts, alt{func() { me.peeks = 0 }, func() { me.peeks, me.peeked = peeks, peeked },
			"the events do not reach back to the match start: Tracker's peeks left and the seats already peeked cannot be decided"})
	}
	base := g.Legal(v.You)
	var und []Undecided
	drop := map[string]bool{}
	for _, a := range alts {
		a.apply()
		other := g.Legal(v.You)
		a.undo()
		for _, c := range differingCommands(base, other) {
			if !drop[c] {
				drop[c] = true
				und = append(und, Undecided{Command: c, Reason: a.reason})
				continue
			}
			for i := range und {
				if und[i].Command == c {
					und[i].Reason += "; " + a.reason
				}
			}
		}
	}
	if len(drop) == 0 {
		return base, nil, nil
	}
	out := base[:0:0]
	for _, a := range base {
		if !drop[a.Command] {
			out = append(out, a)
		}
	}
	return out, und, nil
}

// differingCommands lists the commands whose items (actionId and
// argsSchema) differ between two lists.
func differingCommands(a, b []LegalAction) []string {
	key := func(l []LegalAction) map[string]map[string]bool {
		m := map[string]map[string]bool{}
		for _, x := range l {
			k, _ := json.Marshal(x)
			if m[x.Command] == nil {
				m[x.Command] = map[string]bool{}
			}
			m[x.Command][string(k)] = true
		}
		return m
	}
	ka, kb := key(a), key(b)
	var out []string
	seen := map[string]bool{}
	for _, pair := range [2][2]map[string]map[string]bool{{ka, kb}, {kb, ka}} {
		for c, items := range pair[0] {
			if seen[c] {
				continue
			}
			other := pair[1][c]
			same := len(items) == len(other)
			for k := range items {
				same = same && other[k]
			}
			if !same {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Strings(out)
	return out
}

func viewErr(format string, args ...any) error {
	return rules.Errorf("bangarena/11.fields", format, args...)
}

// gameFromView rebuilds as much of a Game as legality needs.
func gameFromView(v PlayerView) (*Game, history, error) {
	var h history
	n := len(v.Players)
	if n < 2 || n > 8 {
		return nil, h, viewErr("players has %d entries", n)
	}
	if v.You < 0 || v.You >= n {
		return nil, h, viewErr("you = %d is not a seat of the table", v.You)
	}
	mode := v.RoleMode
	if mode == "" {
		mode = ModeClassic
	}
	g := &Game{cfg: Config{Seats: n, RoleMode: mode}, phase: v.Phase, turnSeat: v.TurnSeat, round: v.Round, marshal: -1}
	if v.TurnSeat < 0 || v.TurnSeat >= n {
		return nil, h, viewErr("turnSeat = %d is not a seat of the table", v.TurnSeat)
	}
	g.over = v.Phase == PhaseEnded
	g.seats = make([]seatState, n)
	for i, p := range v.Players {
		if p.Seat != i {
			return nil, h, viewErr("players[%d] has seat %d", i, p.Seat)
		}
		if p.Hp < 0 || p.MaxHp < 0 || p.Hp > p.MaxHp || p.HandCount < 0 || p.HandCount > deckSize || len(p.Hand) > deckSize || len(p.InPlayCards) > deckSize {
			return nil, h, viewErr("seat %d has hp %d of %d and %d cards", i, p.Hp, p.MaxHp, p.HandCount)
		}
		st := &g.seats[i]
		st.char, st.hp, st.maxHp, st.alive, st.glory, st.weapon = p.CharacterID, p.Hp, p.MaxHp, p.Alive, p.Glory, -1
		if p.RoleID != nil {
			st.role = *p.RoleID
			if st.role == RoleMarshal {
				g.marshal = i
			}
		}
		if i == v.You {
			for _, hc := range p.Hand {
				c, ok := uidIndex[hc.UID]
				if !ok {
					return nil, h, rules.Errorf(uidRule(hc.UID), "your hand holds an unknown uid %q", hc.UID)
				}
				st.hand = append(st.hand, c)
			}
		} else {
			st.hand = make([]int, max(p.HandCount, len(p.Hand)))
		}
		for _, c := range p.InPlayCards {
			k, ok := uidIndex[c.UID]
			if !ok {
				return nil, h, rules.Errorf(uidRule(c.UID), "seat %d has an unknown card %q in play", i, c.UID)
			}
			st.inPlay = append(st.inPlay, k)
		}
		if p.WeaponCardID != nil {
			st.weapon = -1
			for k := range deckTable {
				if deckTable[k].id == *p.WeaponCardID && cardKind(deckTable[k].id) == kindWeapon {
					st.weapon = k
					break
				}
			}
			if st.weapon < 0 {
				return nil, h, viewErr("seat %d has an unknown weapon %q", i, *p.WeaponCardID)
			}
		}
	}
	if g.marshal < 0 {
		return nil, h, viewErr("no seat shows the Marshal's role")
	}
	if v.DeckCount < 0 || v.DeckCount > deckSize || v.DiscardCount < 0 || v.DiscardCount > deckSize {
		return nil, h, viewErr("pile sizes %d and %d", v.DeckCount, v.DiscardCount)
	}
	g.deck = make([]int, v.DeckCount)
	g.discard = make([]int, v.DiscardCount)
	// High Noon, the Shot count of this turn, and Tracker's peeks.
	lastTurn := -1
	peeks := 0
	for i, e := range v.Events {
		switch e.Type {
		case "high_noon":
			g.highNoon = true
		case "turn_start":
			if e.Seat == v.TurnSeat {
				lastTurn = i
			}
		case "peek_role":
			if e.Seat == v.You && e.TargetSeat >= 0 && e.TargetSeat < n {
				peeks++
				g.seats[v.You].peeked = append(g.seats[v.You].peeked, e.TargetSeat)
			}
		}
	}
	g.highNoon = g.highNoon || v.HighNoon
	h.complete = len(v.Events) > 0 && v.Events[0].Seq == 1
	// High Noon holds from round 8 outside legacy (I-BA-24); the round is
	// the observation's, or the latest turn_start's (I-BA-L1).
	round := v.Round
	if last := lastTurnStart(v.Events); last >= 0 {
		round = max(round, v.Events[last].Round)
	}
	if mode != ModeLegacy && round >= 8 {
		g.highNoon = true
	}
	h.noonKnown = g.highNoon || mode == ModeLegacy || h.complete || round > 0
	// I-BA-L1: the latest turn_start of the list is this turn's only when
	// it is the turn seat's (of the observation's round, when given).
	h.turnKnown = true
	switch last := lastTurnStart(v.Events); {
	case last < 0:
		h.turnKnown, h.why = false, "the events do not reach back to this turn's turn_start"
	case v.Events[last].Seat != v.TurnSeat || (v.Round > 0 && v.Events[last].Round > 0 && v.Events[last].Round != v.Round):
		h.turnKnown, h.why = false, fmt.Sprintf("the latest turn_start in the events is seat %d's of round %d, not this turn's", v.Events[last].Seat, v.Events[last].Round)
	}
	if lastTurn >= 0 {
		for _, e := range v.Events[lastTurn:] {
			if e.Type == "card_played" && e.Command == "play_shot" && e.Seat == v.TurnSeat {
				g.shots++
			}
		}
	}
	if g.seats[v.You].char == CharTracker {
		g.seats[v.You].peeks = max(0, maxPeeks[n]-peeks)
	}
	if pr := v.PendingReaction; pr != nil && !g.over {
		a := &attack{kind: pr.Kind, source: pr.SourceSeat, command: pr.Command, card: -1, duelA: pr.SourceSeat, duelB: pr.TargetSeat, checked: true, need: 1}
		if c, ok := uidIndex[pr.CardUID]; ok {
			a.card = c
		}
		a.queue = append(a.queue, v.ReactionQueue...)
		if len(a.queue) == 0 {
			a.queue = []int{pr.TargetSeat}
		}
		for _, s := range a.queue {
			if s < 0 || s >= n {
				return nil, h, viewErr("reactionQueue names seat %d", s)
			}
		}
		g.atk = a
	}
	if pc := v.PendingChoice; pc != nil && !g.over {
		if pc.Seat < 0 || pc.Seat >= n {
			return nil, h, viewErr("pendingChoice.seat = %d", pc.Seat)
		}
		c := choice{id: pc.ChoiceID, kind: pc.Kind, seat: pc.Seat, reason: g.seats[pc.Seat].char}
		for _, card := range pc.Cards {
			k, ok := uidIndex[card.UID]
			if !ok {
				return nil, h, viewErr("pendingChoice shows an unknown uid %q", card.UID)
			}
			c.cards = append(c.cards, k)
		}
		if c.kind == "look_top" && len(c.cards) == 0 && pc.Seat == v.You {
			return nil, h, viewErr("a look_top choice without its cards")
		}
		g.choices = []choice{c}
	}
	return g, h, nil
}

// lastTurnStart returns the index of the latest turn_start event, or -1.
func lastTurnStart(events []Event) int {
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Type == "turn_start" {
			return i
		}
	}
	return -1
}
