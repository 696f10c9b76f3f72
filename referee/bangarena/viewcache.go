package bangarena

// Per-seat event projections, kept incrementally.
//
// A view's events are every event the seat may see, redacted for it. Events
// are never modified once emitted, so the projection of a seat only grows:
// the engine keeps one slice per seat (and one for spectators), extends it
// with the events emitted since the seat's last view, and hands out the
// slice itself, its capacity cut to its length. A view therefore costs the
// events new since that seat's previous view, not the whole log.

// visibleEvents returns seat's projection of the log, extended up to the
// current event. The result shares storage with the engine: it is
// read-only (appending to it is safe, its capacity being its length).
func (g *Game) visibleEvents(seat int) []Event {
	k := seat
	if seat < 0 || seat >= len(g.seats) {
		k = len(g.seats) // any seat outside the table sees what a spectator sees
	}
	if g.vis == nil {
		g.vis = make([]seatEvents, len(g.seats)+1)
	}
	sv := &g.vis[k]
	if sv.upto < len(g.events) {
		for i := sv.upto; i < len(g.events); i++ {
			st := g.events[i]
			if !st.seenBy(seat) {
				continue
			}
			if len(sv.events) == cap(sv.events) {
				sv.events = grow(sv.events, len(g.events)-i)
			}
			n := len(sv.events)
			sv.events = sv.events[:n+1]
			st.projectTo(&sv.events[n], seat)
		}
		sv.upto = len(g.events)
	}
	n := len(sv.events)
	return sv.events[:n:n]
}

// grow returns events with room for at least more further events: the
// capacity doubles (at least 256), so a projection is copied a few times
// over a match rather than at every quarter of growth as append does for
// large elements.
func grow(events []Event, more int) []Event {
	c := max(256, 2*cap(events), len(events)+more)
	out := make([]Event, len(events), c)
	copy(out, events)
	return out
}

// seatEvents is one seat's projection: events holds the visible events of
// the first upto log entries.
type seatEvents struct {
	events []Event
	upto   int
}

// cloneVis returns projections a clone may extend without writing into the
// original's storage (capacities cut to lengths).
func cloneVis(vis []seatEvents) []seatEvents {
	if vis == nil {
		return nil
	}
	out := make([]seatEvents, len(vis))
	for i, sv := range vis {
		n := len(sv.events)
		out[i] = seatEvents{events: sv.events[:n:n], upto: sv.upto}
	}
	return out
}

// seenBy reports whether seat sees the event s stores (Event.visibleTo).
func (s *stored) seenBy(seat int) bool {
	to, _, _, _ := s.audience()
	return to < 0 || to == seat
}

// projectTo writes into e the event s stores as seat sees it (an event
// seenBy seat): as Event.visibleTo, the card details of a secret event only
// for the seats involved.
func (s *stored) projectTo(e *Event, seat int) {
	*e = s.event()
	if e.secret {
		if seat < 0 || (seat != e.Seat && seat != e.FromSeat) {
			e.Cards, e.Card, e.UIDs = nil, nil, nil
		}
		e.secret = false
	}
}
