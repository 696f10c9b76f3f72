package probe

import (
	"fmt"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The field-by-field cross-check (issue 13, I-BA-P6): at every DecisionRequest the
// suite was offered and the room log replays to, the public fields the
// rules define (§3 phase and turn, §7 pendingReaction and reactionQueue,
// §13 pendingChoice, §11 the players' hp, max hp, life, hand count, cards in
// play, weapon and glory, the own hand, the pile sizes) are compared with
// the replaying engine's view of the same seat at the same version. The log
// may replay while the observations the seats were shown say otherwise:
// that is the finding, under the rule of the field.

// baField is one field of a PlayerView as the cross-check compares it.
type baField struct {
	path, rule string
	want, got  any
}

// baViewFields lists the fields in which got (the server's observation)
// differs from want (the engine's view of the same seat and version), and
// the rules the comparison evaluated.
func baViewFields(want, got ba.PlayerView) (diffs []baField, evaluated []string) {
	add := func(path, rule string, w, g any) { diffs = append(diffs, baField{path, rule, w, g}) }
	evaluated = []string{"bangarena/3.phases", "bangarena/3.turn-order", "bangarena/11.fields"}
	if want.Phase != got.Phase {
		add("phase", "bangarena/3.phases", want.Phase, got.Phase)
	}
	if want.TurnSeat != got.TurnSeat {
		add("turnSeat", "bangarena/3.turn-order", want.TurnSeat, got.TurnSeat)
	}
	if want.PendingReaction != nil || got.PendingReaction != nil {
		evaluated = append(evaluated, "bangarena/7.pending-shape")
		w, g := pendingShape(want.PendingReaction), pendingShape(got.PendingReaction)
		if w != g {
			add("pendingReaction", "bangarena/7.pending-shape", w, g)
		}
		if !slices.Equal(want.ReactionQueue, got.ReactionQueue) {
			// The same seats in another order: §7 says only "in turn";
			// the order is umpire's reading (7.queue-order, I-BA-67).
			rule := "bangarena/7.pending-shape"
			if w, g := slices.Sorted(slices.Values(want.ReactionQueue)), slices.Sorted(slices.Values(got.ReactionQueue)); len(w) > 1 && slices.Equal(w, g) {
				rule = "bangarena/7.queue-order"
			}
			add("reactionQueue", rule, want.ReactionQueue, got.ReactionQueue)
		}
	}
	if want.PendingChoice != nil || got.PendingChoice != nil {
		evaluated = append(evaluated, "bangarena/13.choices")
		w, g := choiceShape(want.PendingChoice), choiceShape(got.PendingChoice)
		if w != g {
			add("pendingChoice", "bangarena/13.choices", w, g)
		}
	}
	if want.DeckCount != got.DeckCount {
		add("deckCount", "bangarena/11.fields", want.DeckCount, got.DeckCount)
	}
	if want.DiscardCount != got.DiscardCount {
		add("discardCount", "bangarena/11.fields", want.DiscardCount, got.DiscardCount)
	}
	if len(want.Players) != len(got.Players) {
		add("players", "bangarena/11.fields", len(want.Players), len(got.Players))
		return diffs, evaluated
	}
	for i, w := range want.Players {
		g := got.Players[i]
		p := func(f string) string { return fmt.Sprintf("players[%d].%s", i, f) }
		if w.Hp != g.Hp {
			add(p("hp"), "bangarena/11.fields", w.Hp, g.Hp)
		}
		if w.MaxHp != g.MaxHp {
			add(p("maxHp"), "bangarena/11.fields", w.MaxHp, g.MaxHp)
		}
		if w.Alive != g.Alive {
			add(p("alive"), "bangarena/11.fields", w.Alive, g.Alive)
		}
		if w.CharacterID != g.CharacterID {
			add(p("characterId"), "bangarena/11.fields", w.CharacterID, g.CharacterID)
		}
		if w.HandCount != g.HandCount {
			add(p("handCount"), "bangarena/11.fields", w.HandCount, g.HandCount)
		}
		if wu, gu := cardUIDs(w.InPlayCards), cardUIDs(g.InPlayCards); !slices.Equal(wu, gu) {
			add(p("inPlayCards"), "bangarena/11.fields", wu, gu)
		}
		if ws, gs := strOr(w.WeaponCardID), strOr(g.WeaponCardID); ws != gs {
			add(p("weaponCardId"), "bangarena/11.fields", ws, gs)
		}
		if w.Glory != g.Glory {
			add(p("glory"), "bangarena/11.fields", w.Glory, g.Glory)
		}
		if i == want.You {
			if wu, gu := handUIDs(w.Hand), handUIDs(g.Hand); !slices.Equal(wu, gu) {
				add(p("hand"), "bangarena/11.fields", wu, gu)
			}
		}
	}
	return diffs, evaluated
}

// pendingShape is the part of a pendingReaction §7 defines (kind, source,
// target), comparable; the zero value for none.
type pendingKey struct {
	Kind       string `json:"kind"`
	SourceSeat int    `json:"sourceSeat"`
	TargetSeat int    `json:"targetSeat"`
	None       bool   `json:"none,omitempty"`
}

func pendingShape(p *ba.PendingReaction) pendingKey {
	if p == nil {
		return pendingKey{None: true}
	}
	return pendingKey{Kind: p.Kind, SourceSeat: p.SourceSeat, TargetSeat: p.TargetSeat}
}

// choiceKey is the part of a pendingChoice the rules define (whose choice,
// of which kind); the choiceId is the server's name for it.
type choiceKey struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	None bool   `json:"none,omitempty"`
}

func choiceShape(c *ba.PendingChoice) choiceKey {
	if c == nil {
		return choiceKey{None: true}
	}
	return choiceKey{Kind: c.Kind, Seat: c.Seat}
}

func cardUIDs(cs []ba.Card) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.UID)
	}
	slices.Sort(out)
	return out
}

func handUIDs(cs []ba.HandCard) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.UID)
	}
	slices.Sort(out)
	return out
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
