package bangarena

import (
	"errors"
)

// AppendJSON appends the JSON encoding of r to b: the same bytes as
// json.Marshal(r), several times faster for a long match because the event
// list is written directly rather than through encoding/json (which
// re-scans every event's encoding). Servers that send requests often can
// write these bytes as they are.
func (r *DecisionRequest) AppendJSON(b []byte) ([]byte, error) {
	events := r.Observation.Events
	return r.appendRequest(b, func(b []byte) []byte { return appendEventList(b, events) })
}

// appendEventList appends the JSON array of events, null when nil.
func appendEventList(b []byte, events []Event) []byte {
	if events == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for k := range events {
		if k > 0 {
			b = append(b, ',')
		}
		b = events[k].appendJSON(b)
	}
	return append(b, ']')
}

// AppendJSON appends the JSON encoding of v to b: the same bytes as
// json.Marshal(v), the event list written directly.
func (v *PlayerView) AppendJSON(b []byte) ([]byte, error) {
	events := v.Events
	return v.appendView(b, func(b []byte) []byte { return appendEventList(b, events) }), nil
}

// EventCache keeps the encoding of one seat's event list between that
// seat's requests. A seat's events only grow (events are never changed once
// emitted), so each request encodes only the events new since the last one.
// Keep one per seat and match; a cache handed another seat's or match's
// request, or a list that did not grow from the one it holds, starts over.
// The zero value is ready to use. It holds about as many bytes as the
// events' encoding.
type EventCache struct {
	match   string
	seat    int
	n       int // events encoded
	lastSeq int // Seq of the last of them
	enc     []byte
	// upto is the length of the log the events encoded were taken from,
	// when they came through AppendJSONSince (0 otherwise).
	upto int
}

// AppendJSONCached is AppendJSON with the event list's encoding kept in c:
// the same bytes, the events encoded once over a match. A nil c encodes
// without a cache.
func (r *DecisionRequest) AppendJSONCached(b []byte, c *EventCache) ([]byte, error) {
	if c == nil {
		return r.AppendJSON(b)
	}
	events := r.Observation.Events
	return r.appendRequest(b, func(b []byte) []byte {
		if events == nil {
			return append(b, "null"...)
		}
		return c.appendEvents(b, r.MatchID, r.Observation.You, events)
	})
}

// appendEvents appends the JSON array of events, extending the cache.
func (c *EventCache) appendEvents(b []byte, match string, seat int, events []Event) []byte {
	if c.match != match || c.seat != seat || c.n > len(events) || (c.n > 0 && events[c.n-1].Seq != c.lastSeq) {
		*c = EventCache{match: match, seat: seat, enc: c.enc[:0]}
	}
	c.upto = 0 // a full list: its log length is not known here
	for k := c.n; k < len(events); k++ {
		if k > 0 {
			c.enc = append(c.enc, ',')
		}
		c.enc = events[k].appendJSON(c.enc)
	}
	if c.n = len(events); c.n > 0 {
		c.lastSeq = events[c.n-1].Seq
	}
	b = append(b, '[')
	b = append(b, c.enc...)
	return append(b, ']')
}

// From returns the log index from which seat's next request in match
// needs its events when it is encoded with AppendJSONSince through c: the
// from of Game.RequestSince. It is 0 (every event) unless c holds the
// events of match and seat up to a known point of the log.
func (c *EventCache) From(match string, seat int) int {
	if c == nil || c.match != match || c.seat != seat {
		return 0
	}
	return c.upto
}

// AppendJSONSince appends the JSON encoding of the request r with its
// whole event list, as AppendJSON writes it, when r came from
// Game.RequestSince(seat, …, from, …) with from = c.From(match, seat) and
// next is the log length RequestSince returned: r's events are those new
// since the ones c holds, encoded once and kept in c, and the engine keeps
// no projection of the log for the seat (View's). A from of 0 starts the
// cache over; any other from that is not c's is an error.
func (r *DecisionRequest) AppendJSONSince(b []byte, c *EventCache, from, next int) ([]byte, error) {
	return r.appendJSONSince(b, c, from, next, nil)
}

// AppendJSONSinceItems is AppendJSONSince with the legalActions written
// from items rather than from r.LegalActions: the bytes AppendJSONSince
// writes for RequestSince's request when r and items come from
// Game.RequestSinceItems (items being Items(seat) of the state r was built
// in), without the argsSchema maps of Legal.
func (r *DecisionRequest) AppendJSONSinceItems(b []byte, c *EventCache, from, next int, items []Item) ([]byte, error) {
	return r.appendJSONSince(b, c, from, next, &items)
}

// appendJSONSince is AppendJSONSince, the legalActions written from *items
// when items is not nil.
func (r *DecisionRequest) appendJSONSince(b []byte, c *EventCache, from, next int, items *[]Item) ([]byte, error) {
	match, seat := r.MatchID, r.Observation.You
	switch {
	case from == 0:
		*c = EventCache{match: match, seat: seat, enc: c.enc[:0]}
	case c.match != match || c.seat != seat || c.upto != from:
		return b, errors.New("bangarena: AppendJSONSince: the request's events do not follow the cache's")
	}
	events := r.Observation.Events
	for k := range events {
		if c.n > 0 {
			c.enc = append(c.enc, ',')
		}
		c.enc = events[k].appendJSON(c.enc)
		c.n++
		c.lastSeq = events[k].Seq
	}
	c.upto = next
	return r.appendRequestItems(b, func(b []byte) []byte {
		if c.n == 0 {
			// No event at all: View's list is nil, written null.
			return append(b, "null"...)
		}
		b = append(b, '[')
		b = append(b, c.enc...)
		return append(b, ']')
	}, items)
}
