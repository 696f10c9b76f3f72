package proxyside

import (
	"maps"
	"slices"

	refjudge "github.com/umpire-arena/umpire/referee/inference/judge"
	"github.com/umpire-arena/umpire/reports"
)

// maxStreamBytes caps what the relay keeps of one seat's stream for the
// judge of a match without a log (a 40-round match shows a seat some
// 200 kB).
const maxStreamBytes = 4 << 20

// infStream is what one carried seat was shown: its event objects, in
// order, and its match_end. lost is set once an event could not be kept
// (the seat's cap or the run's live budget), the judge missed some of the
// seat's messages, or the seat came back on a new connection: the stream
// is then no evidence.
type infStream struct {
	events [][]byte
	end    []byte
	bytes  int
	lost   bool
}

// keepEvent keeps an event object of seat's stream. Callers hold mu.
func (im *infMatch) keepEvent(s *infSeat, event []byte) {
	st := &s.stream
	if st.lost || len(event) == 0 {
		return
	}
	if st.bytes+len(event) > maxStreamBytes || !im.m.Take(len(event)) {
		im.loseStream(s)
		return
	}
	st.events = append(st.events, slices.Clone(event))
	st.bytes += len(event)
}

// keepEnd keeps seat's match_end message. Callers hold mu.
func (im *infMatch) keepEnd(s *infSeat, data []byte) {
	if !s.stream.lost && s.stream.end == nil && len(data) <= maxStreamBytes {
		s.stream.end = slices.Clone(data)
	}
}

// loseStream marks seat's stream as no evidence (a message of it was not
// kept, or the judge never got some) and gives back what it held. Callers
// hold mu.
func (im *infMatch) loseStream(s *infSeat) {
	im.dropStream(s)
	s.stream.lost = true
}

// dropStream gives back what seat's stream held. Callers hold mu.
func (im *infMatch) dropStream(s *infSeat) {
	im.m.Give(s.stream.bytes)
	s.stream = infStream{}
}

// judgeStreams judges a match whose server offers no log from the
// streams of the seats the relay carried (issue 27): the one judge merges
// them (refjudge.Gather), the public events of the seat shown the most, the
// hidden values the seats' own deal_private events show, and charges what
// they show to the rules they break; what no carried seat saw stays
// inconclusive. A seat whose stream was not kept leaves the check
// inconclusive.
func (im *infMatch) judgeStreams() {
	m := im.m
	m.Lock()
	var src refjudge.Sources
	lost := false
	for _, seat := range slices.Sorted(maps.Keys(im.seats)) {
		s := im.seats[seat]
		if s.stream.lost {
			lost = true
		} else if len(s.stream.events) > 0 {
			src.Seats = append(src.Seats, refjudge.SeatStream{Seat: seat, Events: s.stream.events, End: s.stream.end})
		}
	}
	m.Unlock()
	if lost || len(src.Seats) == 0 {
		m.Inconclusive(infServerStreams, "the relay did not keep every carried seat's events (over its memory bound, or none shown)")
		im.dropStreams()
		return
	}
	v := refjudge.Gathered(src, refjudge.Options{Name: m.ID() + " (the carried seats' streams)"})
	im.dropStreams()
	m.Lock()
	defer m.Unlock()
	for _, why := range v.Unknown {
		m.Unknown(infServerStreams, why)
	}
	m.Ran(infServerStreams)
	for _, f := range v.Findings {
		f.Level = m.Level(f.Rule, f.Level)
		m.Add(infServerStreams, -1, reports.Finding{Finding: f})
	}
}

// dropStreams gives back what every seat's stream held.
func (im *infMatch) dropStreams() {
	im.m.Lock()
	defer im.m.Unlock()
	for _, s := range im.seats {
		im.dropStream(s)
	}
}
