package bangarena

// RequestSince builds seat's DecisionRequest as Request does, except that
// Observation.Events holds only the events seat may see among the log
// entries from index from on (redacted for seat as in View, copies of its
// own), and it returns the log's length: the from of seat's next call. A
// scripted player that follows the match through these deltas (from 0 on
// its first request) sees the same events as through View, while the
// engine keeps no per-seat copy of the log for it: seat's projection for
// View is neither read nor extended.
func (g *Game) RequestSince(seat int, deadlineAt string, from int) (DecisionRequest, int) {
	r := DecisionRequest{
		MatchID: g.cfg.MatchID, SeatID: seat, ObservationVersion: g.version, DeadlineAt: deadlineAt,
		RulesetVersion: RulesetVersion, MechanicsPackHash: MechanicsPackHash, ProtocolVersion: ProtocolVersion,
		Observation: g.viewBase(seat), LegalActions: g.Legal(seat),
	}
	r.Observation.Events = g.VisibleEventsSince(seat, from)
	if len(r.LegalActions) > 0 {
		id := "d-" + itoa(g.version) + "-" + itoa(seat)
		r.DecisionID = &id
	}
	return r, len(g.events)
}

// VisibleEventsSince returns the events seat may see among the log entries
// from index from on, redacted for seat as in View (a seat outside the
// table sees what a spectator sees). The result is seat's own (never nil):
// it shares no storage with the engine.
func (g *Game) VisibleEventsSince(seat, from int) []Event {
	if seat < 0 || seat >= len(g.seats) {
		seat = -1
	}
	from = max(from, 0)
	n := 0
	for i := from; i < len(g.events); i++ {
		if g.events[i].seenBy(seat) {
			n++
		}
	}
	out := make([]Event, 0, n)
	for i := from; i < len(g.events); i++ {
		if st := g.events[i]; st.seenBy(seat) {
			out = out[:len(out)+1]
			st.projectTo(&out[len(out)-1], seat)
		}
	}
	return out
}
