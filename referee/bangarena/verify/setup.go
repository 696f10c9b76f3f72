package verify

import (
	"fmt"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Attribution of the divergences of the deal and the pack (§2, §5, §6, §8)
// and of a turn that moved on without its discard (§3), where the event's
// named cause alone is not precise enough: a deal event carries the
// character, the Marshal's public role and the max hp, each of its own rule;
// a card object is the pack's whatever event carries it (I-BA-V5).

// refineSetupCause names the rule a log event got broke when it differs from
// the engine's want, given the cause the engine named for want: a deal
// event whose character differs breaks the character deal, one whose
// public role differs the Marshal's publicity; a card object that is no
// card of the pack breaks the pack (§5) when its uid has the pinned form
// (a 26th Shot), else the pin of the uid's form (WIRE.md); one of the pack
// whose suit or rank differs umpire's assignment of suits (I-BA-2; §8's
// own totals are judged at the end, suitTotals).
func refineSetupCause(want, got *ba.Event, cause string) string {
	if want.Type == "deal" && got.Type == "deal" {
		switch {
		case want.CharacterID != got.CharacterID:
			return "bangarena/6.character-deal"
		case want.RoleID != got.RoleID:
			return "bangarena/2.marshal-public"
		case cause == "bangarena/2.marshal-bonus" && got.MaxHp == want.MaxHp+1:
			// The seat-count bonus and the role table's extraMaxHp 1
			// both: the document's numbers read otherwise than umpire's
			// reading that they do not add up (I-BA-1).
			return "bangarena/2.marshal-bonus-alone"
		}
	}
	wc, gc := eventCards(want), eventCards(got)
	for _, c := range gc {
		if _, ok := ba.CardByUID(c.UID); !ok {
			if ba.PinnedUID(c.UID) {
				return "bangarena/5.deck"
			}
			return "bangarena/5.uid-form"
		}
	}
	if len(wc) == len(gc) && len(gc) > 0 && want.Type != "check" { // a check's card decides its own rule's outcome
		same, suits := true, false
		for i := range gc {
			if wc[i].UID != gc[i].UID {
				same = false
				break
			}
			if wc[i] != gc[i] {
				suits = true
			}
		}
		if same && suits {
			return "bangarena/8.card-suits"
		}
	}
	return cause
}

// eventCards are the card objects an event carries.
func eventCards(e *ba.Event) []ba.Card {
	if e.Card != nil {
		return append([]ba.Card{*e.Card}, e.Cards...)
	}
	return e.Cards
}

// waitRule names the rule that holds the engine for a decision the log
// went past (the log shows further events where the rules wait): the
// discard of §3 while the turn's hand holds more cards than hp; the
// Ricochet §5 still allows after a failed Cover check (the hit landed
// without the seat's answer, I-BA-V7); "" for none.
func waitRule(g *ba.Game) string {
	switch g.Phase() {
	case ba.PhaseDiscard:
		return "bangarena/3.discard-to-hp"
	case ba.PhaseReaction:
		// The coin of §8, or in legacy the card of a Cover check.
		last := g.EventsFrom(g.EventCount() - 1)
		if len(last) == 1 && last[0].Result == "fail" && (last[0].Type == "cover_check" || last[0].Type == "check" && last[0].Kind == "cover") {
			return "bangarena/5.cover"
		}
	}
	return ""
}

// seeCards records the suit of every card object of an event, by uid, for
// the suit totals of §8 (suitTotals).
func (v *BangArenaVerifier) seeCards(e *ba.Event) {
	if e.Card == nil && len(e.Cards) == 0 {
		return
	}
	if v.suits == nil {
		v.suits = map[string]string{}
	}
	for _, c := range eventCards(e) {
		if _, ok := ba.CardByUID(c.UID); ok { // at most the 80 uids of the pack
			v.suits[c.UID] = c.Suit
		}
	}
}

// packSuits are the suit totals of §8.
var packSuits = map[string]int{"hearts": 21, "diamonds": 20, "clubs": 20, "spades": 19}

// suitTotals reports, at the end of the log, a suit the log's cards show
// more often than the pack holds it (§8): whatever card carries which suit
// (umpire's assignment is a reading, I-BA-2), no pack of §8 has more.
func (v *BangArenaVerifier) suitTotals() {
	count := map[string]int{}
	for _, s := range v.suits {
		count[s]++
	}
	for _, s := range []string{"hearts", "diamonds", "clubs", "spades"} {
		if count[s] > packSuits[s] {
			v.add(rules.Finding{Rule: "bangarena/8.suits", Level: rules.Must, Where: rules.Where{Line: v.sum.Lines}, Expected: packSuits, Got: count,
				Message: fmt.Sprintf("the log's cards show %d different cards of %s; the pack holds %d", count[s], s, packSuits[s])})
			return
		}
	}
	if len(v.suits) > 0 {
		v.evaluate("bangarena/8.suits")
	}
}
