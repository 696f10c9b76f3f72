package bangarena

import "github.com/umpire-arena/umpire/referee/rules"

// LegalFromView re-derives the legalActions of the seat a PlayerView
// belongs to (its "you"), from that observation alone: hands of other seats
// count only by handCount, the piles by their sizes, the Shot limit and
// High Noon come from the events (READINGS 13), the pending reaction and
// choice from their fields. It returns an empty list when that seat is not
// the one asked, and a *rules.Error for an observation it cannot read.
// This is what `umpire legal` and the conformance checks compare a
// server's own list with (as sets, READINGS 8).
func LegalFromView(v PlayerView) ([]LegalAction, error) {
	g, err := gameFromView(v)
	if err != nil {
		return nil, err
	}
	return g.Legal(v.You), nil
}

func viewErr(format string, args ...any) error {
	return rules.Errorf("bangarena/11.fields", format, args...)
}

// gameFromView rebuilds as much of a Game as legality needs.
func gameFromView(v PlayerView) (*Game, error) {
	n := len(v.Players)
	if n < 2 || n > 8 {
		return nil, viewErr("players has %d entries", n)
	}
	if v.You < 0 || v.You >= n {
		return nil, viewErr("you = %d is not a seat of the table", v.You)
	}
	mode := v.RoleMode
	if mode == "" {
		mode = ModeClassic
	}
	g := &Game{cfg: Config{Seats: n, RoleMode: mode}, phase: v.Phase, turnSeat: v.TurnSeat, round: v.Round, marshal: -1}
	if v.TurnSeat < 0 || v.TurnSeat >= n {
		return nil, viewErr("turnSeat = %d is not a seat of the table", v.TurnSeat)
	}
	g.over = v.Phase == PhaseEnded
	g.seats = make([]seatState, n)
	for i, p := range v.Players {
		if p.Seat != i {
			return nil, viewErr("players[%d] has seat %d", i, p.Seat)
		}
		if p.Hp < 0 || p.MaxHp < 0 || p.Hp > p.MaxHp || p.HandCount < 0 || p.HandCount > deckSize || len(p.Hand) > deckSize || len(p.InPlayCards) > deckSize {
			return nil, viewErr("seat %d has hp %d of %d and %d cards", i, p.Hp, p.MaxHp, p.HandCount)
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
			for _, h := range p.Hand {
				c, ok := uidIndex[h.UID]
				if !ok {
					return nil, viewErr("your hand holds an unknown uid %q", h.UID)
				}
				st.hand = append(st.hand, c)
			}
		} else {
			st.hand = make([]int, max(p.HandCount, len(p.Hand)))
		}
		for _, c := range p.InPlayCards {
			k, ok := uidIndex[c.UID]
			if !ok {
				return nil, viewErr("seat %d has an unknown card %q in play", i, c.UID)
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
				return nil, viewErr("seat %d has an unknown weapon %q", i, *p.WeaponCardID)
			}
		}
	}
	if g.marshal < 0 {
		return nil, viewErr("no seat shows the Marshal's role")
	}
	if v.DeckCount < 0 || v.DeckCount > deckSize || v.DiscardCount < 0 || v.DiscardCount > deckSize {
		return nil, viewErr("pile sizes %d and %d", v.DeckCount, v.DiscardCount)
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
	if lastTurn >= 0 {
		for _, e := range v.Events[lastTurn:] {
			if e.Type == "card_played" && e.Command == "play_shot" && e.Seat == v.TurnSeat {
				g.shots++
			}
		}
	}
	if g.seats[v.You].char == CharTracker {
		g.seats[v.You].peeks = max(0, [...]int{0, 0, 1, 1, 1, 1, 2, 2, 3}[n]-peeks)
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
				return nil, viewErr("reactionQueue names seat %d", s)
			}
		}
		g.atk = a
	}
	if pc := v.PendingChoice; pc != nil && !g.over {
		if pc.Seat < 0 || pc.Seat >= n {
			return nil, viewErr("pendingChoice.seat = %d", pc.Seat)
		}
		c := choice{id: pc.ChoiceID, kind: pc.Kind, seat: pc.Seat, reason: g.seats[pc.Seat].char}
		for _, card := range pc.Cards {
			k, ok := uidIndex[card.UID]
			if !ok {
				return nil, viewErr("pendingChoice shows an unknown uid %q", card.UID)
			}
			c.cards = append(c.cards, k)
		}
		if c.kind == "look_top" && len(c.cards) == 0 && pc.Seat == v.You {
			return nil, viewErr("a look_top choice without its cards")
		}
		g.choices = []choice{c}
	}
	return g, nil
}
