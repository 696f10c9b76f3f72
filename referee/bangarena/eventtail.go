package bangarena

// EventCount returns how many events the match log holds so far.
func (g *Game) EventCount() int { return len(g.events) }

// EventsFrom returns copies of the log's events from index i (0-based) on:
// what a log reader needs after each decision without copying the whole
// log again. An index outside the log gives nil.
func (g *Game) EventsFrom(i int) []Event {
	if i < 0 || i >= len(g.events) {
		return nil
	}
	out := make([]Event, len(g.events)-i)
	for k, e := range g.events[i:] {
		out[k] = e.event()
	}
	return out
}
