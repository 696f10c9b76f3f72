package bangarena

// RequestSince builds seat's DecisionRequest as Request does, except that
// Observation.Events holds only the events seat may see among the log
// entries from index from on (redacted for seat as in View), and it returns
// the log's length: the from of seat's next call. A scripted player that
// follows the match through these deltas (from 0 on its first request) sees
// the same events as through View, while the engine keeps no per-seat copy
// of the log for it: seat's projection for View is neither read nor
// extended.
//
// The events are appended to buf[:0] (nil: a new slice), so a caller that
// passes back the previous request's Observation.Events, once done with
// them, reuses their storage.
func (g *Game) RequestSince(seat int, deadlineAt string, from int, buf []Event) (DecisionRequest, int) {
	r := DecisionRequest{
		MatchID: g.cfg.MatchID, SeatID: seat, ObservationVersion: g.version, DeadlineAt: deadlineAt,
		RulesetVersion: RulesetVersion, MechanicsPackHash: MechanicsPackHash, ProtocolVersion: ProtocolVersion,
		Observation: g.viewBase(seat), LegalActions: g.Legal(seat),
	}
	r.Observation.Events = g.AppendVisibleEvents(buf[:0], seat, from)
	if len(r.LegalActions) > 0 {
		r.DecisionID = g.decisionID(seat)
	}
	return r, len(g.events)
}

// decisionID is the decisionId of seat's pending decision (§12).
func (g *Game) decisionID(seat int) *string {
	id := "d-" + itoa(g.version) + "-" + itoa(seat)
	return &id
}

// AppendVisibleEvents appends to dst the events seat may see among the log
// entries from index from on, redacted for seat as in View (a seat outside
// the table sees what a spectator sees), and returns the extended slice
// (never nil). The events share no storage with the engine.
func (g *Game) AppendVisibleEvents(dst []Event, seat, from int) []Event {
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
	if dst == nil || cap(dst)-len(dst) < n {
		grown := make([]Event, len(dst), len(dst)+max(n, 8))
		copy(grown, dst)
		dst = grown
	}
	for i := from; i < len(g.events); i++ {
		if st := g.events[i]; st.seenBy(seat) {
			dst = dst[:len(dst)+1]
			st.projectTo(&dst[len(dst)-1], seat)
		}
	}
	return dst
}
