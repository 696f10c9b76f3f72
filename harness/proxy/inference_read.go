package proxy

import (
	"bytes"
	"strconv"
	"unsafe"

	"github.com/coder/websocket"
	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// The Inference judge's readers of server messages: one pass each, with
// gjson, of what the judge needs (a full decode of every message of every
// seat would cost more than the relaying), and the events kept so that
// an event sent to every seat is read once.

// infEnvelope is any server message of the envelope (the fields judged),
// read with gjson: most messages need only their type, and a full decode
// of every message of every seat would cost more than the relaying.
type infEnvelope struct {
	Type         string
	MatchID      string
	Round        int
	Turn         *int
	DeadlineMS   *int
	VisibleState gjson.Result
	LegalActions gjson.Result
	Code         string
	Seed         string
	SeedCommit   string
	Event        gjson.Result
}

func readEnvelope(typ websocket.MessageType, data []byte) (infEnvelope, bool) {
	if typ != websocket.MessageText || !gjson.ValidBytes(data) {
		return infEnvelope{}, false
	}
	return readEnvelopeUnchecked(data)
}

// readEnvelopeUnchecked is readEnvelope of a text message without the
// JSON syntax check: what it reads of bytes that are not JSON is
// meaningless, and the caller must check them (the schema check does,
// on its way). The envelope views data (its strings and results are not
// copies): data must not change while it is in use.
func readEnvelopeUnchecked(data []byte) (infEnvelope, bool) {
	// A read-only view of the message, which nobody changes once the
	// framer handed it over: gjson.ParseBytes would copy it first (a
	// your_turn carries the whole history of the match).
	r := gjson.Parse(unsafe.String(unsafe.SliceData(data), len(data)))
	if !r.IsObject() {
		return infEnvelope{}, false
	}
	var env infEnvelope
	r.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			env.Type = v.String()
		case "match_id":
			env.MatchID = v.String()
		case "round":
			env.Round = int(v.Int())
		case "turn":
			env.Turn = intOf(v)
		case "deadline_ms":
			env.DeadlineMS = intOf(v)
		case "visible_state":
			env.VisibleState = v
		case "legal_actions":
			env.LegalActions = v
		case "code":
			env.Code = v.String()
		case "seed":
			env.Seed = v.String()
		case "seed_commit":
			env.SeedCommit = v.String()
		case "event":
			env.Event = v
		}
		return true
	})
	return env, env.Type != ""
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

// infEvent is a match-log object of an event message.
type infEvent struct {
	Type        string
	Round       int
	Turn        *int
	Seat        *int
	Value       *int
	DealtIn     []int
	Uncontested bool
	Reveals     int
	SeedCommit  string
	Action      string
	Amount      *int
	Timeout     bool
}

// readEvent reads an event object in one pass.
func readEvent(r gjson.Result) infEvent {
	var ev infEvent
	r.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			ev.Type = v.String()
		case "round":
			ev.Round = int(v.Int())
		case "turn":
			ev.Turn = intOf(v)
		case "seat":
			ev.Seat = intOf(v)
		case "value":
			ev.Value = intOf(v)
		case "uncontested":
			ev.Uncontested = v.Bool()
		case "reveals":
			ev.Reveals = len(v.Array())
		case "seed_commit":
			ev.SeedCommit = v.String()
		case "action":
			ev.Action = v.String()
		case "amount":
			ev.Amount = intOf(v)
		case "timeout":
			ev.Timeout = v.Bool()
		case "dealt_in":
			for _, d := range v.Array() {
				ev.DealtIn = append(ev.DealtIn, int(d.Int()))
			}
		}
		return true
	})
	return ev
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
	env  infEnvelope
	ev   infEvent
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
func (im *infMatch) keepRead(key uint64, data []byte, env infEnvelope, ev infEvent) {
	if im.read == nil || len(im.read) >= readOnceLen {
		im.read = make(map[uint64]*infRead, readOnceLen)
	}
	im.read[key] = &infRead{data: data, env: env, ev: ev}
}
