package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/umpire-arena/umpire/referee/rules"
)

// SelfPlayCap bounds the decisions of one self-play match (PlaySelfChecked):
// a match that has not ended by then is reported as not ending.
const SelfPlayCap = 20000

// CheckState reports the first broken invariant of the state: every card
// in exactly one place (§5), hit points within [0, max], alive exactly
// when above zero, and a dead seat holding no card.
func (g *Game) CheckState() error {
	if err := g.conserved(); err != nil {
		return err
	}
	for s, st := range g.seats {
		if st.hp < 0 || st.hp > st.maxHp {
			return fmt.Errorf("seat %d hp %d outside [0, %d]", s, st.hp, st.maxHp)
		}
		if st.alive != (st.hp > 0) {
			return fmt.Errorf("seat %d alive=%v with hp %d", s, st.alive, st.hp)
		}
		if !st.alive && (len(st.hand) > 0 || len(st.inPlay) > 0 || st.weapon >= 0) {
			return fmt.Errorf("dead seat %d still holds cards", s)
		}
	}
	return nil
}

// conserved checks that the 80 cards are each in exactly one place.
func (g *Game) conserved() error {
	var seen [deckSize]int
	add := func(c int) { seen[c]++ }
	for _, c := range g.deck {
		add(c)
	}
	for _, c := range g.discard {
		add(c)
	}
	for _, st := range g.seats {
		for _, c := range st.hand {
			add(c)
		}
		for _, c := range st.inPlay {
			add(c)
		}
		if st.weapon >= 0 {
			add(st.weapon)
		}
	}
	for c, n := range seen {
		if n != 1 {
			return rules.Errorf("bangarena/5.deck", "card %s is in %d places", uidTable[c], n)
		}
	}
	return nil
}

// CheckView reports what seat's view shows that the seat may not see:
// another seat's hand, a hidden role (§1, §11), another seat's private
// event or the cards another seat drew or was shown.
func (g *Game) CheckView(seat int) error {
	v := g.View(seat)
	normalEnd := g.over && g.endKind == "normal"
	for _, p := range v.Players {
		if p.Seat != seat {
			for _, h := range p.Hand {
				if h.UID != "" || h.CardID != "" || h.BackID == "" {
					return fmt.Errorf("seat %d sees a card of seat %d's hand: %+v", seat, p.Seat, h)
				}
			}
		}
		st := g.seats[p.Seat]
		visible := p.Seat == seat || st.role == RoleMarshal || !st.alive || normalEnd
		if visible != (p.RoleID != nil) || (p.RoleID == nil) != p.RoleHidden {
			return fmt.Errorf("seat %d: role of seat %d visible=%v, roleId %v", seat, p.Seat, visible, p.RoleID)
		}
		if p.HandCount != len(p.Hand) {
			return fmt.Errorf("handCount %d vs %d", p.HandCount, len(p.Hand))
		}
	}
	if v.PendingChoice != nil && v.PendingChoice.Seat != seat && v.PendingChoice.Cards != nil {
		return fmt.Errorf("seat %d sees look-top cards of seat %d", seat, v.PendingChoice.Seat)
	}
	for _, e := range v.Events {
		if e.To >= 0 && e.To != seat {
			return fmt.Errorf("seat %d sees private event %+v", seat, e)
		}
		if (e.Type == "draw" || e.Type == "glory_bounty" || (e.Type == "take" && e.Zone != "discard" && e.Zone != "inPlay" && e.Zone != "weapon")) &&
			e.Seat != seat && e.FromSeat != seat && (e.Cards != nil || e.Card != nil) {
			return fmt.Errorf("seat %d sees the cards of %+v", seat, e)
		}
	}
	return nil
}

// PlaySelfChecked plays one match through the public API (Legal, then
// Apply of an item r picks), checking after every decision that the state
// holds (CheckState), that only the Decider has legal items and every
// item it was offered applies, and every so often that a seat's view
// leaks nothing (CheckView); at the end it checks every seat's view.
// visit, when not nil, sees each decision before it is applied. It
// returns the ended game, or the first broken invariant.
func PlaySelfChecked(cfg Config, seed string, r *rand.Rand, visit func(g *Game, seat int, legal []LegalAction) error) (*Game, error) {
	g, err := NewGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	for n := 0; !g.Over(); n++ {
		if n >= SelfPlayCap {
			return g, fmt.Errorf("%s: no end after %d decisions", seed, n)
		}
		seat, _ := g.Decider()
		legal := g.Legal(seat)
		if len(legal) == 0 {
			return g, fmt.Errorf("%s: decider %d has no legal action (phase %s)", seed, seat, g.Phase())
		}
		for other := range g.seats {
			if other != seat && len(g.Legal(other)) > 0 {
				return g, fmt.Errorf("%s: seat %d has legal actions while %d decides", seed, other, seat)
			}
		}
		if visit != nil {
			if err := visit(g, seat, legal); err != nil {
				return g, fmt.Errorf("%s: decision %d: %w", seed, n, err)
			}
		}
		a := legal[r.IntN(len(legal))]
		var args json.RawMessage
		if a.Command == "discard" && r.IntN(2) == 0 {
			// A chosen discard: the last (hand − hp) cards instead of the first.
			st := g.seats[seat]
			args, _ = json.Marshal(map[string]any{"cardUids": uidsOf(st.hand[st.hp:])})
		}
		if err := g.Apply(seat, a.ActionID, args); err != nil {
			return g, fmt.Errorf("%s: legal item %s rejected: %v", seed, a.ActionID, err)
		}
		if err := g.CheckState(); err != nil {
			return g, fmt.Errorf("%s after %s: %w", seed, a.ActionID, err)
		}
		if n%23 == 0 {
			if err := g.CheckView(r.IntN(len(g.seats))); err != nil {
				return g, fmt.Errorf("%s: %w", seed, err)
			}
		}
	}
	for s := range g.seats {
		if err := g.CheckView(s); err != nil {
			return g, fmt.Errorf("%s at the end: %w", seed, err)
		}
	}
	return g, nil
}
