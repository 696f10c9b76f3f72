package server

import (
	"slices"
	"strconv"
	"strings"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// The game-rule faults (issue 13's mutation matrix): each is a mistake a
// server author could make in one rule of krug_rules@0.1.0 — an item offered
// that the rule forbids, an item the rule grants left out, a field of the
// observation computed wrongly, private information shown — made here, on
// the engine's answer, since the engine itself is always right. Each breaks
// exactly its rule (FaultList names it).

// ruleFaultsLocked breaks req (seat's DecisionRequest) as the game-rule
// faults that are on ask.
func (r *room) ruleFaultsLocked(seat int, req *ref.DecisionRequest) {
	f := r.s.faults
	obs := &req.Observation
	if len(req.LegalActions) > 0 {
		items := &itemEdit{list: req.LegalActions}
		r.itemFaultsLocked(f, seat, obs, items)
		req.LegalActions = items.list
	}
	if f.on(FaultLeakLookTop) && obs.PendingChoice != nil && obs.PendingChoice.Kind == "look_top" && obs.PendingChoice.Seat != seat {
		pc := *obs.PendingChoice
		pc.Cards = r.g.View(pc.Seat).PendingChoice.Cards
		obs.PendingChoice = &pc
	}
	if f.on(FaultLeakDraws) {
		r.leakDrawsLocked(seat, obs)
	}
	if f.on(FaultLeakHandTakes) {
		r.leakHandTakesLocked(obs)
	}
	if f.on(FaultNoReactionQueue) && obs.PendingReaction != nil && len(obs.ReactionQueue) > 1 {
		// Only the seat answering now is published, not the seats of a
		// Buckshot or Raid still to answer after it.
		obs.ReactionQueue = obs.ReactionQueue[:1:1]
	}
	if f.on(FaultTurnSeatOfDecider) && obs.PendingReaction != nil && obs.PendingReaction.TargetSeat != obs.TurnSeat {
		// turnSeat taken as the seat that decides now.
		obs.TurnSeat = obs.PendingReaction.TargetSeat
	}
	if f.on(FaultDeckCountOff) && obs.DiscardCount > 0 {
		// The pile sizes are taken together: the discard pile counted into
		// the deck (it is shuffled in when the deck runs out).
		obs.DeckCount += obs.DiscardCount
	}
	if obs.WinnerTeam != nil && (f.on(FaultLawWinnersLiving) && *obs.WinnerTeam == ref.TeamLaw || f.on(FaultRaiderWinnersLiving) && *obs.WinnerTeam == ref.TeamRaiders) {
		// The winners are taken from the living seats only, forgetting
		// that dead aides (or dead raiders) win too (§10).
		var living []int
		for _, s := range obs.WinnerSeats {
			if s >= 0 && s < len(obs.Players) && obs.Players[s].Alive {
				living = append(living, s)
			}
		}
		obs.WinnerSeats = living
	}
}

// itemEdit is a legalActions list under edit: copied on the first change,
// since the engine's list is not ours to write into.
type itemEdit struct {
	list   []ref.LegalAction
	copied bool
}

func (e *itemEdit) has(id string) bool {
	for _, a := range e.list {
		if a.ActionID == id {
			return true
		}
	}
	return false
}

func (e *itemEdit) add(a ref.LegalAction) {
	if e.has(a.ActionID) {
		return
	}
	if !e.copied {
		e.list, e.copied = slices.Clone(e.list), true
	}
	e.list = append(e.list, a)
}

func (e *itemEdit) drop(keep func(ref.LegalAction) bool) {
	out := make([]ref.LegalAction, 0, len(e.list))
	for _, a := range e.list {
		if keep(a) {
			out = append(out, a)
		}
	}
	e.list, e.copied = out, true
}

func targeted(prefix, cmd, uid string, t int) ref.LegalAction {
	return ref.LegalAction{ActionID: prefix + ":" + uid + ":" + strconv.Itoa(t), Command: cmd, ArgsSchema: map[string]any{"cardUid": uid, "targetSeat": t}}
}

func carded(prefix, cmd, uid string) ref.LegalAction {
	return ref.LegalAction{ActionID: prefix + ":" + uid, Command: cmd, ArgsSchema: map[string]any{"cardUid": uid}}
}

// itemFaultsLocked adds the items the item faults offer wrongly and drops
// those they forget.
func (r *room) itemFaultsLocked(f faultSet, seat int, obs *ref.PlayerView, items *itemEdit) {
	me := obs.Players[seat]
	play := obs.Phase == ref.PhasePlay && obs.PendingReaction == nil && obs.PendingChoice == nil && obs.TurnSeat == seat
	others := func(each func(t int)) {
		for _, p := range obs.Players {
			if p.Seat != seat && p.Alive {
				each(p.Seat)
			}
		}
	}
	hand := func(id string, each func(uid string)) {
		for _, c := range me.Hand {
			if c.CardID == id {
				each(c.UID)
			}
		}
	}
	shotOffered := false
	for _, a := range items.list {
		shotOffered = shotOffered || a.Command == "play_shot"
	}
	if play && f.on(FaultSecondShot) && !shotOffered && !obs.HighNoon {
		// The Shot limit is not counted: a Shot stays offered after the
		// turn's first one.
		hand("shot", func(uid string) {
			others(func(t int) {
				if r.g.Distance(seat, t) <= r.g.Range(seat) {
					items.add(targeted("shot", "play_shot", uid, t))
				}
			})
		})
	}
	if play && shotOffered {
		hand("shot", func(uid string) {
			others(func(t int) {
				d, rg := r.g.Distance(seat, t), r.g.Range(seat)
				switch {
				// (The faults of the distance itself leave a target with a Horse
				// alone: its Horse is another fault's rule.)
				case f.on(FaultRangePlusOne) && d == rg+1 && !r.g.HasHorse(t):
					// Range compared with < instead of ≤ on distance − 1.
					items.add(targeted("shot", "play_shot", uid, t))
				case f.on(FaultPassShadowNoHorse) && d == rg+1 && obs.Players[t].CharacterID == "char_09" && !inPlay(obs.Players[t], "mount"):
					// Pass Shadow's built-in Horse forgotten.
					items.add(targeted("shot", "play_shot", uid, t))
				case f.on(FaultHorseIgnored) && d == rg+1 && inPlay(obs.Players[t], "mount") && obs.Players[t].CharacterID != "char_09":
					// A Horse card in play not counted in the distance.
					items.add(targeted("shot", "play_shot", uid, t))
				}
			})
		})
	}
	if play && f.on(FaultSnatchFar) {
		// Snatch reaching as far as the weapon (at least 2).
		hand("steal_near", func(uid string) {
			others(func(t int) {
				if d := r.g.Distance(seat, t); d > 1 && d <= max(2, r.g.Range(seat)) && obs.Players[t].HandCount > 0 && !r.g.HasHorse(t) {
					a := targeted("steal", "play_steal", uid, t)
					a.ActionID += ":hand"
					a.ArgsSchema["pick"] = map[string]any{"zone": "hand"}
					items.add(a)
				}
			})
		})
	}
	if play && f.on(FaultDuelSelf) {
		// The Duel's targets are every living seat, the player too.
		hand("duel", func(uid string) { items.add(targeted("duel", "play_duel", uid, seat)) })
	}
	if play && f.on(FaultJailSelf) && !inPlay(me, "jail") && obs.Players[seat].RoleID != nil && *obs.Players[seat].RoleID != ref.RoleMarshal {
		// Jail's targets are every living seat but the Marshal, the
		// player too.
		hand("jail", func(uid string) { items.add(targeted("equip_blue", "play_equip_blue", uid, seat)) })
	}
	if play && f.on(FaultBlueTwice) {
		// Blue cards offered without looking at what is in play.
		for _, id := range []string{"mount", "scope", "cover", "bomb"} {
			if inPlay(me, id) {
				hand(id, func(uid string) { items.add(carded("equip_blue", "play_equip_blue", uid)) })
			}
		}
	}
	if play && f.on(FaultHealAtNoon) && obs.HighNoon && me.Hp < me.MaxHp {
		// High Noon lifts the Shot limit but the Flask is still offered.
		hand("heal_self", func(uid string) { items.add(carded("heal", "play_heal_self", uid)) })
	}
	if pr := obs.PendingReaction; pr != nil && f.on(FaultMissAgainstRaid) && (pr.Kind == "raid" || pr.Kind == "duel") && me.CharacterID != "char_03" &&
		pr.TargetSeat == seat && obs.PendingChoice == nil {
		// A Ricochet offered against any attack, to the seat answering it
		// (while a choice is pending no reaction is, and the offer would
		// break the phase rule instead).
		hand("miss", func(uid string) { items.add(carded("miss", "play_miss", uid)) })
	}
	if obs.PendingReaction != nil && f.on(FaultEndPlayInReaction) && obs.TurnSeat == seat {
		// end_play offered whenever it is the seat's turn, answering an
		// attack too.
		items.add(ref.LegalAction{ActionID: "end_play", Command: "end_play"})
	}
	if pc := obs.PendingChoice; pc != nil && pc.Kind == "look_top" && pc.Seat == seat && f.on(FaultLookTopHandCard) && len(me.Hand) > 0 {
		// The put-back list built from the hand with the looked-at cards.
		uid := me.Hand[0].UID
		items.add(ref.LegalAction{ActionID: "look_top:" + pc.ChoiceID + ":" + uid, Command: "choose_look_top", ArgsSchema: map[string]any{"choiceId": pc.ChoiceID, "putBackUid": uid}})
	}
	if play && f.on(FaultDiscardHealAnyone) && me.CharacterID != "char_12" && me.Hp < me.MaxHp && !obs.HighNoon && len(me.Hand) >= 2 {
		// Bonesetter's ability offered to every seat.
		a, b := me.Hand[0].UID, me.Hand[1].UID
		items.add(ref.LegalAction{ActionID: "discard_heal:" + a + ":" + b, Command: "use_discard_heal", ArgsSchema: map[string]any{"cardUids": []string{a, b}}})
	}
	if play && f.on(FaultFlaskFullHp) && me.Hp >= me.MaxHp && !obs.HighNoon {
		// The Flask offered whatever the hp.
		hand("heal_self", func(uid string) { items.add(carded("heal", "play_heal_self", uid)) })
	}
	if play && shotOffered && f.on(FaultTwoFacedForAll) && me.CharacterID != "char_03" {
		// Two-Faced's Ricochet-as-Shot offered to every seat.
		hand("miss", func(uid string) {
			others(func(t int) {
				if r.g.Distance(seat, t) <= r.g.Range(seat) {
					a := targeted("shot", "play_shot", uid, t)
					a.ArgsSchema["playedAs"] = "shot"
					items.add(a)
				}
			})
		})
	}
	if f.on(FaultMadDogOneShot) && play && me.CharacterID == "char_16" && !obs.HighNoon && !volcanic(me) && r.shotThisTurnLocked(seat) {
		// Mad Dog held to the one-Shot limit.
		items.drop(func(a ref.LegalAction) bool { return a.Command != "play_shot" })
	}
}

func inPlay(p ref.PlayerInfo, cardID string) bool {
	for _, c := range p.InPlayCards {
		if c.CardID == cardID {
			return true
		}
	}
	return false
}

func volcanic(p ref.PlayerInfo) bool {
	return p.WeaponCardID != nil && *p.WeaponCardID == "weapon_volcanic"
}

// shotThisTurnLocked reports whether seat played a Shot since its turn
// began, by the match log (a request's events may hold only the new ones).
func (r *room) shotThisTurnLocked(seat int) bool {
	log := r.g.Log()
	for i := len(log) - 1; i >= 0; i-- {
		e := &log[i]
		if e.Type == "turn_start" {
			return false
		}
		if e.Type == "card_played" && e.Seat == seat && e.Command == "play_shot" {
			return true
		}
	}
	return false
}

// gloryFirstLocked is FaultGloryDefaultRange's default answer: for a glory
// choice, its first item (the range perk) instead of heart; otherwise def.
func gloryFirstLocked(g *ref.Game, seat int, def ref.LegalAction) ref.LegalAction {
	if def.Command != "choose_glory" {
		return def
	}
	for _, a := range g.Legal(seat) {
		if a.Command == "choose_glory" && strings.HasSuffix(a.ActionID, ":range") {
			return a
		}
	}
	return def
}

// leakDrawsLocked shows seat the cards of every other seat's draws (the
// full log's events in place of the redacted ones).
func (r *room) leakDrawsLocked(seat int, obs *ref.PlayerView) {
	full := map[int]ref.Event{}
	for _, e := range r.g.Log() {
		if e.Type == "draw" && e.Seat != seat && len(e.Cards) > 0 {
			full[e.Seq] = e
		}
	}
	if len(full) == 0 {
		return
	}
	evs := slices.Clone(obs.Events)
	for i, e := range evs {
		if x, ok := full[e.Seq]; ok && strings.EqualFold(e.Type, "draw") {
			evs[i].Cards = x.Cards
		}
	}
	obs.Events = evs
}

// leakHandTakesLocked shows in obs the card of every take from a hand, to
// every seat, under a public zone's name: the mistake of a server that
// treats a card changing hands as public whatever it came from.
func (r *room) leakHandTakesLocked(obs *ref.PlayerView) {
	full := map[int]ref.Event{}
	for _, e := range r.g.Log() {
		if e.Type == "take" && e.Zone == "hand" && e.Card != nil {
			full[e.Seq] = e
		}
	}
	if len(full) == 0 {
		return
	}
	evs := slices.Clone(obs.Events)
	for i, e := range evs {
		if x, ok := full[e.Seq]; ok && e.Type == "take" {
			c := *x.Card
			evs[i].Card, evs[i].Zone = &c, "inPlay"
		}
	}
	obs.Events = evs
}
