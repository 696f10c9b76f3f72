package certify

// The event fast path of readInfLine. Most lines the embedded Inference
// server writes are events (antes, actions, deals, showdowns: about nine
// for each your_turn), and the driver reads four members of their event
// object. The full pass (readInfLineFull) reads the envelope and then
// every member of the event with wire's readers, each integer into a
// pointer of its own; readEvent reads the server's own layout in one pass
// over the bytes, converting only the integers it keeps and skipping the
// other members with wire.SkipValue. A line of another layout takes the
// full pass, which gives the same reading.

import (
	"bytes"
	"unsafe"

	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

var (
	// eventHead is the start of the server's event envelope, up to the
	// opening quote of its match_id (infsrv's appendEvent).
	eventHead = []byte(`{"type":"event","match_id":"`)
	// eventKey follows the match_id: the event object is the envelope's
	// last member.
	eventKey = []byte(`,"event":{`)
)

// readEvent reads an event line laid out as the embedded server writes it:
// `{"type":"event","match_id":STRING,"event":OBJECT}` with no space between
// tokens, where every member of OBJECT named type is a string without
// escapes and every member named seat, round or turn an integer of at most
// 15 digits without a fraction or exponent (as wire reads it). ok is false for any other line:
// the caller reads it with the full pass. The event's members are read in
// order, so a repeated one is read as the full pass reads it (the last
// wins); nested values are skipped, strings with their escapes. For a line
// that is JSON it reads what readInfLineFull reads (FuzzReadEvent).
func readEvent(line []byte) (env infLine, ok bool) {
	if !bytes.HasPrefix(line, eventHead) {
		return env, false
	}
	i := wire.SkipValue(line, len(eventHead)-1) // the match_id string
	if i < 0 || !bytes.HasPrefix(line[i:], eventKey) {
		return env, false
	}
	i += len(eventKey) - 1
	end, ok := env.Event.scan(line, i)
	if !ok || end != len(line)-1 || line[end] != '}' {
		return infLine{}, false
	}
	env.Type = infsrv.TypeEvent
	return env, true
}

// scan reads the members of the event object at b[i] (its opening brace)
// into e and returns the index just past its closing brace. ok is false
// when the object is not of the layout readEvent takes.
func (e *infEvent) scan(b []byte, i int) (end int, ok bool) {
	if i >= len(b) || b[i] != '{' {
		return 0, false
	}
	i++
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	// Storage for the seat and the turn, one allocation for both.
	var ints *[2]int
	for {
		// A key without escapes, then its value.
		if i >= len(b) || b[i] != '"' {
			return 0, false
		}
		k := bytes.IndexByte(b[i+1:], '"')
		if k < 0 {
			return 0, false
		}
		key := b[i+1 : i+1+k]
		if bytes.IndexByte(key, '\\') >= 0 {
			return 0, false
		}
		i += k + 2
		if i >= len(b) || b[i] != ':' {
			return 0, false
		}
		i++
		switch string(key) {
		case "type":
			s, next, ok := plainStringAt(b, i)
			if !ok {
				return 0, false
			}
			e.Type, i = s, next
		case "seat", "round", "turn":
			n, next, ok := shortIntAt(b, i)
			if !ok {
				return 0, false
			}
			if ints == nil && key[0] != 'r' {
				ints = new([2]int)
			}
			switch key[0] {
			case 'r':
				e.Round = n
			case 's':
				ints[0], e.Seat = n, &ints[0]
			default:
				ints[1], e.Turn = n, &ints[1]
			}
			i = next
		default:
			if i = wire.SkipValue(b, i); i < 0 {
				return 0, false
			}
		}
		if i >= len(b) {
			return 0, false
		}
		switch b[i] {
		case ',':
			i++
		case '}':
			return i + 1, true
		default:
			return 0, false
		}
	}
}

// plainStringAt reads the string at b[i] when it has no escape: a view of
// its bytes (as gjson's reading is) and the index past its closing quote.
func plainStringAt(b []byte, i int) (s string, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return "", 0, false
	}
	k := bytes.IndexByte(b[i+1:], '"')
	if k < 0 {
		return "", 0, false
	}
	v := b[i+1 : i+1+k]
	if bytes.IndexByte(v, '\\') >= 0 {
		return "", 0, false
	}
	return unsafe.String(unsafe.SliceData(v), len(v)), i + k + 2, true
}

// shortIntAt reads the integer at b[i]: an optional minus sign and 1 to 15
// digits, followed by the end of the value (',' or '}'), so that it is one
// JSON number whose float is exact.
func shortIntAt(b []byte, i int) (n, next int, ok bool) {
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int(b[i]-'0')
		i++
	}
	if i == start || i-start > 15 || i >= len(b) || (b[i] != ',' && b[i] != '}') {
		return 0, 0, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}
