package bangarena

import (
	"bytes"
	"encoding/json"
)

// AppendJSON appends the JSON encoding of r to b: the same bytes as
// json.Marshal(r), several times faster for a long match because the event
// list is written directly rather than through encoding/json (which
// re-scans every event's encoding). Servers that send requests often can
// write these bytes as they are.
func (r *DecisionRequest) AppendJSON(b []byte) ([]byte, error) {
	events := r.Observation.Events
	shell := *r
	shell.Observation.Events = nil
	out, err := json.Marshal(&shell)
	if err != nil {
		return b, err
	}
	return spliceEvents(b, out, events), nil
}

// AppendJSON appends the JSON encoding of v to b: the same bytes as
// json.Marshal(v), the event list written directly.
func (v *PlayerView) AppendJSON(b []byte) ([]byte, error) {
	shell := *v
	shell.Events = nil
	out, err := json.Marshal(&shell)
	if err != nil {
		return b, err
	}
	return spliceEvents(b, out, v.Events), nil
}

var eventsNull = []byte(`"events":null`)

// spliceEvents appends out to b with its first "events":null replaced by
// the encoding of events. The first occurrence is the view's: string
// values are escaped (a quote inside one is \"), and no object encoded
// before the view's events has an "events" key.
func spliceEvents(b, out []byte, events []Event) []byte {
	i := bytes.Index(out, eventsNull)
	if i < 0 || events == nil {
		return append(b, out...)
	}
	i += len(eventsNull) - len("null")
	b = append(b, out[:i]...)
	b = append(b, '[')
	for k := range events {
		if k > 0 {
			b = append(b, ',')
		}
		b = events[k].appendJSON(b)
	}
	b = append(b, ']')
	return append(b, out[i+len("null"):]...)
}
