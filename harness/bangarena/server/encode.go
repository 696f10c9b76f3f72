package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// The hot answers (observe's Request, a decision's Answer) are written
// without reflection: the same bytes json.Marshal gives, checked by
// TestEncodersMatchEncodingJSON over many seeded rooms.

// appendBody appends the JSON encoding of an answer body to b.
func appendBody(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case Request:
		return x.appendJSON(b, nil)
	case Answer:
		return x.appendJSON(b), nil
	}
	out, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, out...), nil
}

var (
	emptyDeadline = []byte(`"deadlineAt":"",`)
	legalKey      = []byte(`,"legalActions":`)
)

// appendJSON appends json.Marshal(q)'s bytes: the engine's encoding of the
// DecisionRequest (its event list written directly, through c when not nil)
// without the shadowed deadlineAt, then deadlineAt and legal_mask, which
// encoding/json writes after the embedded fields.
func (q Request) appendJSON(b []byte, c *ref.EventCache) ([]byte, error) {
	return q.appendJSONSince(b, c, -1, 0, nil)
}

// errSlowPath says that a request whose events are a delta cannot be
// written without encoding/json, which needs the whole request.
var errSlowPath = errors.New("bangarena: the request needs encoding/json")

// appendJSONSince is appendJSON for a request whose events are those new
// since from, the earlier ones held by c (ref.DecisionRequest.AppendJSONSince),
// next the log length they reach; a from below 0 is appendJSON's
// (q has every event, c may be nil). A delta request that only
// encoding/json could write gives errSlowPath, b unchanged. When items is
// not nil (a delta request only) the legalActions are written from them
// (ref.DecisionRequest.AppendJSONSinceItems): q came from
// ref.Game.RequestSinceItems, its items unchanged by any fault.
func (q Request) appendJSONSince(b []byte, c *ref.EventCache, from, next int, items []ref.Item) ([]byte, error) {
	req := q.DecisionRequest
	req.DeadlineAt = ""
	start := len(b)
	var err error
	switch {
	case from < 0:
		b, err = req.AppendJSONCached(b, c)
	case items != nil:
		b, err = req.AppendJSONSinceItems(b, c, from, next, items)
	default:
		b, err = req.AppendJSONSince(b, c, from, next)
	}
	if err != nil {
		return b[:start], err
	}
	// The first "deadlineAt" key is the request's own: every field before it
	// is a number, null or an escaped string.
	i := bytes.Index(b[start:], emptyDeadline)
	// legalActions is the last field of the request, and nothing inside its
	// items is a legalActions key.
	j := bytes.LastIndex(b[start:], legalKey)
	if i < 0 || j < i || b[len(b)-1] != '}' {
		if from >= 0 {
			return b[:start], errSlowPath
		}
		return q.marshalSlow(b[:start])
	}
	i += start
	b = append(b[:i], b[i+len(emptyDeadline):]...)
	j += start - len(emptyDeadline) + len(legalKey)
	end := len(b) - 1 // the closing brace of the request
	b = append(b[:end], `,"deadlineAt":`...)
	if q.DeadlineAt == nil {
		b = append(b, "null"...)
	} else {
		b = appendString(b, *q.DeadlineAt)
	}
	switch {
	case q.NoMask: // FaultNoLegalMask only
	case sameItems(q.LegalMask, q.LegalActions):
		// The alias of I-BA-60: the very bytes of legalActions.
		b = append(b, `,"legal_mask":`...)
		b = append(b, b[j:end]...)
	default:
		b = append(b, `,"legal_mask":`...)
		out, err := json.Marshal(q.LegalMask)
		if err != nil {
			return b[:start], err
		}
		b = append(b, out...)
	}
	if q.TableTalk != "" { // FaultRelayMessage only
		b = append(b, `,"tableTalk":`...)
		b = appendString(b, q.TableTalk)
	}
	if len(q.DeckTop) > 0 { // FaultLeakDeck only
		out, err := json.Marshal(q.DeckTop)
		if err != nil {
			return b[:start], err
		}
		b = append(append(b, `,"deckTop":`...), out...)
	}
	return append(b, '}'), nil
}

func (q Request) marshalSlow(b []byte) ([]byte, error) {
	out, err := json.Marshal(q)
	if err != nil {
		return b, err
	}
	if q.NoMask { // FaultNoLegalMask only
		var m map[string]json.RawMessage
		if err := json.Unmarshal(out, &m); err != nil {
			return b, err
		}
		delete(m, "legal_mask")
		if out, err = json.Marshal(m); err != nil {
			return b, err
		}
	}
	return append(b, out...), nil
}

// sameItems reports whether two lists are the same slice (so encode the
// same), nil-ness included.
func sameItems[T any](a, b []T) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0]
}

// appendJSON appends json.Marshal(a)'s bytes.
func (a Answer) appendJSON(b []byte) []byte {
	b = append(b, `{"ok":`...)
	b = strconv.AppendBool(b, a.OK)
	b = append(b, `,"observationVersion":`...)
	b = strconv.AppendInt(b, int64(a.ObservationVersion), 10)
	if a.Duplicate {
		b = append(b, `,"duplicate":true`...)
	}
	if a.Random {
		b = append(b, `,"random":true`...)
	}
	if a.Skipped {
		b = append(b, `,"skipped":true`...)
	}
	if a.ReplacedBy != "" {
		b = appendString(append(b, `,"replacedBy":`...), a.ReplacedBy)
	}
	if a.RequestedActionID != "" {
		b = appendString(append(b, `,"requestedActionId":`...), a.RequestedActionID)
	}
	return append(b, '}')
}

// appendString appends s as encoding/json writes it: as it is when every
// byte is printable ASCII that needs no escape, else through json.Marshal.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			out, _ := json.Marshal(s) // a string always encodes
			return append(b, out...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
