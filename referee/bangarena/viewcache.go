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
	if sv.events == nil {
		sv.events = make([]Event, 0, max(256, len(g.events)+len(g.events)/2))
	}
	if sv.upto < len(g.events) {
		for _, s := range g.events[sv.upto:] {
			if ve, ok := s.event().visibleTo(seat); ok {
				sv.events = append(sv.events, ve)
			}
		}
		sv.upto = len(g.events)
	}
	n := len(sv.events)
	return sv.events[:n:n]
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
