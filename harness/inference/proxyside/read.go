package proxyside

import (
	"bytes"
	"strconv"
	"unsafe"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// The Inference judge's readers of server messages: one pass each, with
// gjson, of what the judge needs (a full decode of every message of every
// seat would cost more than the relaying), and the events kept so that
// an event sent to every seat is read once.

// readEnvelopeUnchecked reads a text message from the server with the one
// reader of the envelope, without the JSON syntax check
// (wire.ReadEnvelopeUnchecked); false when it is not an object with a type: what it reads of bytes
// that are not JSON is meaningless, and the caller must check them (the
// schema check does, on its way). The envelope's nested values view data:
// data must not change while it is in use.
func readEnvelopeUnchecked(data []byte) (wire.Envelope, bool) {
	env, ok := wire.ReadEnvelopeUnchecked(data)
	return env, ok && env.Type != ""
}

// view is a nested value of a message (a view of its bytes, which nobody
// changes once the framer handed them over) for gjson: gjson.ParseBytes
// would copy it first (a your_turn carries the whole history of the match).
func view(b []byte) gjson.Result {
	if len(b) == 0 {
		return gjson.Result{}
	}
	return gjson.Parse(unsafe.String(unsafe.SliceData(b), len(b)))
}

// visible is what the judge reads of a visible_state, in one pass.
type visible struct {
	round     int
	yourSeat  *int
	yourValue *int
	toCall    *int
	players   gjson.Result
	// legal holds the fields ref.LegalFromView reads (turn, your_seat,
	// your_credits, to_call, raises_used and the raise limits), decoded as
	// encoding/json would into a ref.VisibleState; legalOK is false when
	// one of them has another shape (the derivation is then unknown). The
	// other fields are not read for it, whatever their shape.
	legal   ref.VisibleState
	legalOK bool
}

func readVisible(vs gjson.Result) visible {
	v := visible{legalOK: true}
	vs.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "round":
			v.round = int(val.Int())
		case "your_seat":
			v.yourSeat = intOf(val)
			v.legalOK = jsonInt(val, &v.legal.YourSeat) && v.legalOK
		case "your_value":
			v.yourValue = intOf(val)
		case "to_call":
			v.toCall = intOf(val)
			v.legalOK = jsonInt(val, &v.legal.ToCall) && v.legalOK
		case "players":
			v.players = val
		case "your_credits":
			v.legalOK = jsonInt(val, &v.legal.YourCredits) && v.legalOK
		case "raises_used":
			v.legalOK = jsonInt(val, &v.legal.RaisesUsed) && v.legalOK
		case "turn":
			v.legalOK = readTurnRef(val, &v.legal.Turn) && v.legalOK
		case "limits":
			v.legalOK = readRaiseLimits(val, &v.legal.Limits) && v.legalOK
		}
		return true
	})
	return v
}

// jsonInt decodes r into *dst as encoding/json decodes a JSON value into
// an int: null leaves it, an integer literal that fits sets it, anything
// else is an error (false).
func jsonInt(r gjson.Result, dst *int) bool {
	switch r.Type {
	case gjson.Null:
		return true
	case gjson.Number:
		n, err := strconv.ParseInt(r.Raw, 10, 0)
		if err != nil {
			return false
		}
		*dst = int(n)
		return true
	}
	return false
}

// readTurnRef decodes visible_state.turn as encoding/json would into a
// *ref.TurnRef (null clears it, an object fills it, reading turn and
// seat).
func readTurnRef(r gjson.Result, dst **ref.TurnRef) bool {
	switch {
	case r.Type == gjson.Null:
		*dst = nil
		return true
	case !r.IsObject():
		return false
	}
	if *dst == nil {
		*dst = &ref.TurnRef{}
	}
	ok := true
	r.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "turn":
			ok = jsonInt(val, &(*dst).Turn) && ok
		case "seat":
			ok = jsonInt(val, &(*dst).Seat) && ok
		}
		return true
	})
	return ok
}

// readRaiseLimits decodes the raise bounds of visible_state.limits as
// encoding/json would into a ref.Limits (its other fields are not read).
func readRaiseLimits(r gjson.Result, dst *ref.Limits) bool {
	switch {
	case r.Type == gjson.Null:
		return true
	case !r.IsObject():
		return false
	}
	ok := true
	r.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "min_raise":
			ok = jsonInt(val, &dst.MinRaise) && ok
		case "max_raise":
			ok = jsonInt(val, &dst.MaxRaise) && ok
		case "max_raises_per_round":
			ok = jsonInt(val, &dst.MaxRaisesPerRound) && ok
		}
		return true
	})
	return ok
}

// intOf is the integer r holds, nil when it holds none.
func intOf(r gjson.Result) *int {
	if r.Type != gjson.Number {
		return nil
	}
	n := int(r.Int())
	return &n
}

// Bounds of what a match keeps of the events it read (see server).
const (
	// readOnceMax is the largest message kept: an event is some hundred
	// bytes, and a your_turn, never sent twice, is not hashed for it.
	readOnceMax = 2 << 10
	// readOnceLen bounds the events kept; when full, they are dropped.
	readOnceLen = 128
)

// infRead is what the judge read of an event that validated, kept for the
// same bytes sent to the other seats.
type infRead struct {
	data []byte
	env  wire.Envelope
	ev   wire.Event
}

// readOnce returns what was read of the same bytes as data (key is their
// hash), or nil. Callers hold m.mu.
func (im *infMatch) readOnce(key uint64, data []byte) *infRead {
	r := im.read[key]
	if r == nil || !bytes.Equal(r.data, data) {
		return nil
	}
	return r
}

// keepRead keeps what was read of data, an event that validated. Callers
// hold m.mu.
func (im *infMatch) keepRead(key uint64, data []byte, env wire.Envelope, ev wire.Event) {
	if im.read == nil || len(im.read) >= readOnceLen {
		im.read = make(map[uint64]*infRead, readOnceLen)
	}
	im.read[key] = &infRead{data: data, env: env, ev: ev}
}
