package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults of the statements the statement map closed last: the server's
// answer for a silent seat (§14: no answer in time → the server answers for
// the seat: pass / end_play / the default discard) and the legal_mask alias
// (§12), and checks as public events (§8).
const (
	// FaultTimeoutEarly answers for a silent seat halfway to its deadline
	// (deadlineAt still names the whole deadline).
	FaultTimeoutEarly Fault = "timeout-early"
	// FaultTimeoutNotDefault answers for a silent seat with the first item
	// of its legalActions whose command is not the default's (a card
	// played instead of end_play, a Ricochet instead of pass_reaction).
	FaultTimeoutNotDefault Fault = "timeout-not-default"
	// FaultNoLegalMask sends observe's DecisionRequest without legal_mask
	// (§12: observe → DecisionRequest + the legal_mask alias).
	FaultNoLegalMask Fault = "no-legal-mask"
	// FaultChecksPrivate shows a check event (Jail, Dynamite, Cover) only
	// to the seat checked (§8: checks are public events).
	FaultChecksPrivate Fault = "checks-private"
	// FaultLeakRoleEvents shows every seat the other seats' private role
	// events (each seat's own role, the Marshal's and the team's
	// briefings of §2), unmarked: a server that takes them for public.
	FaultLeakRoleEvents Fault = "leak-role-events"
	// FaultLeakDeck names the deck's top three cards in every
	// DecisionRequest (deckTop), beside the pile sizes (§11: deckCount,
	// no order, no contents).
	FaultLeakDeck Fault = "leak-deck"
)

// timeoutFaults lists the faults above (appended in FaultList).
func timeoutFaults() []FaultInfo {
	return []FaultInfo{
		{FaultTimeoutEarly, "bangarena/14.not-before-deadline", "§14 no answer in time → the server answers", "a silent seat is answered for halfway to its deadline"},
		{FaultTimeoutNotDefault, "bangarena/14.default-action", "§14 pass / end_play / default discard", "a silent seat is answered for with another item than the default (a card instead of end_play)"},
		{FaultNoLegalMask, "bangarena/12.legal-mask-present", "§12 observe → DecisionRequest (+ legal_mask alias)", "observe's answer carries no legal_mask"},
		{FaultChecksPrivate, "bangarena/11.events", "§8 checks are public events; §11 events", "a check event is shown only to the seat checked"},
		{FaultLeakDeck, "bangarena/11.deck-hidden", "§11 deckCount, discardCount: pile sizes (no order, no contents)", "every request names the deck's top three cards"},
		{FaultLeakRoleEvents, "bangarena/11.events", "§2 privately learns / privately know; §11 events: public and own private events", "every seat is shown the others' role and briefing events"},
	}
}

// timeoutFaultRules names each fault's rule (for the naming test).
func timeoutFaultRules() map[Fault]string {
	out := map[Fault]string{}
	for _, fi := range timeoutFaults() {
		out[fi.Name] = fi.Rule
	}
	return out
}

// notDefaultLocked returns, with FaultTimeoutNotDefault on, the first item
// of seat's legalActions whose command differs from def's (def when there
// is none, or with the fault off).
func (r *room) notDefaultLocked(seat int, def ref.LegalAction) ref.LegalAction {
	if !r.s.faults.on(FaultTimeoutNotDefault) {
		return def
	}
	for _, it := range r.g.Legal(seat) {
		if it.Command != def.Command {
			return it
		}
	}
	return def
}

// checksPrivateLocked leaves out of obs, with FaultChecksPrivate on, the
// check events of other seats than seat.
func (r *room) checksPrivateLocked(seat int, obs *ref.PlayerView) {
	if !r.s.faults.on(FaultChecksPrivate) {
		return
	}
	evs := make([]ref.Event, 0, len(obs.Events))
	for _, e := range obs.Events {
		if (e.Type == "check" || e.Type == "cover_check") && e.Seat != seat {
			continue
		}
		evs = append(evs, e)
	}
	obs.Events = evs
}

// leakRoleEventsLocked adds to obs, with FaultLeakRoleEvents on, the role
// and briefing events private to other seats than seat, in their place in
// the log and without their addressee.
func (r *room) leakRoleEventsLocked(seat int, obs *ref.PlayerView) {
	if !r.s.faults.on(FaultLeakRoleEvents) || len(obs.Events) == 0 {
		return
	}
	first, last := obs.Events[0].Seq, obs.Events[len(obs.Events)-1].Seq
	var add []ref.Event
	for _, e := range r.g.Log() {
		if e.Seq > last {
			break
		}
		switch e.Type {
		case "role", "marshal_briefing", "team_briefing":
			if e.To >= 0 && e.To != seat && e.Seq >= first {
				e.To = -1
				add = append(add, e)
			}
		}
	}
	if len(add) == 0 {
		return
	}
	evs := make([]ref.Event, 0, len(obs.Events)+len(add))
	i := 0
	for _, e := range obs.Events {
		for i < len(add) && add[i].Seq < e.Seq {
			evs = append(evs, add[i])
			i++
		}
		evs = append(evs, e)
	}
	obs.Events = append(evs, add[i:]...)
}

// deckTopLocked returns, with FaultLeakDeck on, the deck's top three cards
// (nil otherwise).
func (r *room) deckTopLocked() []ref.Card {
	if !r.s.faults.on(FaultLeakDeck) {
		return nil
	}
	return r.g.DeckTop(3)
}
