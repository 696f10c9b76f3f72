package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// A public log (issue 27, I-BA-V9): the events every seat sees and nothing
// private — no seat's role, no decision, no card of a draw. The judge
// carries the cards nobody saw as unknown (referee/bangarena/judge), and
// the verifier compares the log with the engine's events as a spectator
// sees them (Event.VisibleTo(-1)): a private event missing is no finding,
// a seq gap is the private events', and each decision the log leaves out
// is inferred from what follows it (inferPublic), never a finding of its
// own. An outcome the evidence does not settle stops the replay there
// (judge.Shown.Unseen): the rest is inconclusive.

// The same holds for the streams of some seats merged without the room
// log (Shown.Partial): the engine's events are compared as those seats
// saw them together (an event one of them saw in full, as that seat saw
// it; else as a spectator does), and the other seats' decisions are
// inferred.

// project returns the events of evs the evidence shows: as a spectator
// sees them, but in full where one of the seats the evidence holds saw
// them so (sees; nil for a public log).
func project(evs []ba.Event, sees func(int) bool) []ba.Event {
	out := make([]ba.Event, 0, len(evs))
	for _, e := range evs {
		p, ok := e.VisibleTo(-1)
		if sees != nil {
			for _, seat := range [...]int{e.To, e.Seat, e.FromSeat} {
				if seat >= 0 && sees(seat) {
					if q, seen := e.VisibleTo(seat); seen {
						p, ok = q, true
						break
					}
				}
			}
		}
		if ok {
			unordered(&p)
			out = append(out, p)
		}
	}
	return out
}

// sees is the seat set project shows in full: nil for a public log.
func (v *BangArenaVerifier) sees() func(int) bool {
	if v.shown == nil || !v.shown.Partial() {
		return nil
	}
	return v.shown.Sees
}

// unordered sorts the cards of an event that empties a hand (the Marshal's
// penalty, an eliminated seat's discard): the order of a hand's unknown
// cards is not evidence, so both sides compare them as a set.
func unordered(e *ba.Event) {
	if len(e.UIDs) > 1 && (e.Type == "kill_penalty" || e.Type == "discard" && e.Reason == "eliminated") {
		e.UIDs = slices.Clone(e.UIDs)
		slices.Sort(e.UIDs)
	}
}

// step is one decision to apply.
type step struct {
	seat     int
	actionID string
	args     json.RawMessage
}

// inferPublic finds the decisions a public log left out before e: the
// legal item of the seat asked whose public consequences begin with e (or
// reach it soonest) and go on longest as the log does; when an item shows nothing before the
// next decision (a silent one: ending the play phase), the decision after
// it too (two at most). A discard takes its cards from the discard event
// that shows them.
func (v *BangArenaVerifier) inferPublic(e *ba.Event) ([]step, bool) {
	got := canonNoSeq(e)
	var best []step
	bestN, bestK := -1, resyncWindow
	var try func(g *ba.Game, prefix []step, depth int)
	try = func(g *ba.Game, prefix []step, depth int) {
		seat, asked := g.Decider()
		if !asked {
			return
		}
		for _, a := range g.Legal(seat) {
			var args json.RawMessage
			if a.Command == "discard" && e.Type == "discard" && e.Seat == seat {
				args, _ = json.Marshal(map[string][]string{"cardUids": e.UIDs})
			}
			c := g.Clone()
			if c.Apply(seat, a.ActionID, args) != nil {
				continue
			}
			steps := append(append([]step(nil), prefix...), step{seat, a.ActionID, args})
			evs := project(c.EventsFrom(v.seen), v.sees())
			if len(evs) == 0 {
				if depth < 2 {
					try(c, steps, depth+1)
				}
				continue
			}
			// e among the first events (the ones before it missing from
			// the log: the resync that follows charges them to their rule).
			k := slices.IndexFunc(evs[:min(len(evs), resyncWindow)], func(x ba.Event) bool { return bytes.Equal(canonNoSeq(&x), got) })
			if k < 0 || k > bestK {
				continue
			}
			n := 0
			for i, f := range v.shown.After(e.Seq, len(evs)-1-k) {
				if !bytes.Equal(canonNoSeq(&evs[k+1+i]), canonNoSeq(&f)) {
					break
				}
				n++
			}
			if k < bestK || n > bestN {
				best, bestN, bestK = steps, n, k
			}
		}
	}
	try(v.g, nil, 1)
	return best, bestN >= 0
}

// applyPublic applies the inferred decisions and pulls their events.
func (v *BangArenaVerifier) applyPublic(steps []step) {
	for _, s := range steps {
		_ = v.g.Apply(s.seat, s.actionID, s.args)
		v.sum.Decisions++
	}
	v.pull()
}

// publicUnsettled handles a line no decision the rules allow leads to:
// unless it plays a card the replay places in the player's hand (then
// the play itself breaks the rules, and the usual divergence follows), the
// cards nobody saw may have been placed otherwise than the server dealt
// them, and the rest is inconclusive, never a finding (I-BA-V9).
func (v *BangArenaVerifier) publicUnsettled(lineNo int, e *ba.Event) bool {
	if e.Type == "card_played" && e.Seat >= 0 && e.Seat < v.g.Config().Seats {
		hand := v.g.View(e.Seat).Players[e.Seat].Hand
		if slices.ContainsFunc(hand, func(c ba.HandCard) bool { return c.UID == e.UID }) {
			return false
		}
	}
	v.stopped = true
	v.sum.Unseen = fmt.Sprintf("no decision the rules allow leads to line %d's %s with the cards nobody saw as the judge placed them", lineNo, e.Type)
	v.sum.Inconclusive++
	return true
}

// namedOnly reports whether want (the replay's event) and got (the log's)
// differ only in cards, and every card of want's that got lacks is one
// the judge named for a card nobody saw: the naming, not the server, may
// be what differs (I-BA-V9).
func (v *BangArenaVerifier) namedOnly(want, got *ba.Event) bool {
	if !v.public || want.Type != got.Type {
		return false
	}
	a, b := *want, *got
	a.UIDs, a.UID, a.Card, a.Cards = nil, "", nil, nil
	b.UIDs, b.UID, b.Card, b.Cards = nil, "", nil, nil
	if !bytes.Equal(canonNoSeq(&a), canonNoSeq(&b)) {
		return false
	}
	uids := func(e *ba.Event) []string {
		out := slices.Clone(e.UIDs)
		if e.UID != "" {
			out = append(out, e.UID)
		}
		if e.Card != nil {
			out = append(out, e.Card.UID)
		}
		for _, c := range e.Cards {
			out = append(out, c.UID)
		}
		return out
	}
	theirs := uids(got)
	for _, u := range uids(want) {
		if !slices.Contains(theirs, u) && !v.shown.Named(u) {
			return false
		}
	}
	return true
}
