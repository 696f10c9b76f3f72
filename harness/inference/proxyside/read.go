package proxyside

import (
	"bytes"
	"unsafe"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// The Inference judge's reading of server messages: the one readers of
// referee/inference/wire, each one pass of what the judge needs (a full
// decode of every message of every seat would cost more than the
// relaying), and the events kept so that an event sent to every seat is
// read once.

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
