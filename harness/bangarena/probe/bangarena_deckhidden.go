package probe

import (
	"fmt"
	"time"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/conform"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The deck stays hidden (§11: deckCount and discardCount are the piles'
// sizes, no order, no contents; B-150). A request may name a card
// anywhere — servers add fields — so what is judged is not a field but a
// card: a card that no seat of the room had been shown yet (in a hand, in
// play, in an event, in an attack or a look at the top) lay in the deck or
// in a hand, and a request that names it, in any field, shows hidden
// contents. A card is taken for shown from the first request of any seat
// that showed it in one of those places, whatever that request's seat: a
// card that reached one seat's view and leaked to another is the rule of
// the place that showed it (bangarena/11.events, 11.redaction), not of the
// deck. The discard pile's cards were all shown face up on their way
// there: naming them reveals nothing hidden and is not judged.
//
// Which cards were shown is read from the events of WIRE.md's vocabulary:
// a room whose requests hold an event of another type (where a card may
// have been shown in a shape umpire does not read) is not judged.

// baDeckHidden checks the requests of a session room (seen, in any order)
// for cards named before any seat was shown them.
func baDeckHidden(res *conform.Result, seen []baSeen) {
	first := map[string]int{} // uid → the lowest version that showed it
	for _, x := range seen {
		for _, e := range x.Req.Observation.Events {
			if !baKnownEventTypes[e.Type] {
				res.NoteNotExercised("bangarena/11.deck-hidden", fmt.Sprintf("an event of type %q: which cards were shown face up cannot be read", e.Type))
				return
			}
		}
		baShownUIDs(x.Req.Observation, func(uid string) {
			if v, ok := first[uid]; uid != "" && (!ok || x.Version < v) {
				first[uid] = x.Version
			}
		})
	}
	if len(seen) == 0 || len(first) == 0 {
		return
	}
	res.Eval("bangarena/11.deck-hidden")
	for _, x := range seen {
		uid := ""
		baStrings(gjson.ParseBytes(x.Raw), func(s string) bool {
			if v, ok := first[s]; ok && v > x.Version {
				uid = s
				return false
			}
			return true
		})
		if uid == "" {
			continue
		}
		seat := x.Seat
		f := conform.NewFinding("bangarena/11.deck-hidden", rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)},
			"the piles' sizes only; no card nobody was shown", uid,
			"seat %d's request names card %s, which no seat had been shown yet (first shown at version %d): a card of the deck or of a hand", x.Seat, uid, first[uid])
		f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
		res.Findings = append(res.Findings, f)
		return // one finding is the break; the rest repeat it
	}
}

// baShownUIDs calls add with the uid of every card obs shows in a place
// the rules show cards: hands, cards in play, the attack, the pending
// choice, the events.
func baShownUIDs(obs ba.PlayerView, add func(string)) {
	for _, p := range obs.Players {
		for _, c := range p.Hand {
			add(c.UID)
		}
		for _, c := range p.InPlayCards {
			add(c.UID)
		}
	}
	if pr := obs.PendingReaction; pr != nil {
		add(pr.CardUID)
	}
	if pc := obs.PendingChoice; pc != nil {
		for _, c := range pc.Cards {
			add(c.UID)
		}
	}
	for _, e := range obs.Events {
		add(e.UID)
		for _, u := range e.UIDs {
			add(u)
		}
		if e.Card != nil {
			add(e.Card.UID)
		}
		for _, c := range e.Cards {
			add(c.UID)
		}
	}
}

// baStrings calls f with every string of v, object keys included, until f
// returns false.
func baStrings(v gjson.Result, f func(string) bool) bool {
	switch {
	case v.IsObject():
		ok := true
		v.ForEach(func(k, w gjson.Result) bool {
			ok = f(k.Str) && baStrings(w, f)
			return ok
		})
		return ok
	case v.IsArray():
		ok := true
		v.ForEach(func(_, w gjson.Result) bool {
			ok = baStrings(w, f)
			return ok
		})
		return ok
	case v.Type == gjson.String:
		return f(v.Str)
	}
	return true
}

// baKnownEventTypes are the event types of WIRE.md's vocabulary and the
// engine's (whose cards baShownUIDs reads).
var baKnownEventTypes = map[string]bool{
	"card_played": true, "check": true, "cover_check": true, "damage": true, "deal": true, "decision": true, "discard": true,
	"draw": true, "dynamite_passed": true, "eliminated": true, "game_over": true, "glory_bounty": true, "glory_perk": true,
	"glory_star": true, "heal": true, "high_noon": true, "kill_penalty": true, "kill_reward": true, "look_top": true,
	"marshal_briefing": true, "match_start": true, "pass": true, "peek_role": true, "prayer": true, "reshuffle": true,
	"role": true, "take": true, "team_briefing": true, "turn_start": true,
}
