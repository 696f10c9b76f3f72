package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Message types an agent sends (WIRE.md).
const (
	TypeHello = "hello"
	TypeMove  = "move"
)

// Move is an agent's message as read, each field on its own: a pointer is
// nil when its field is absent or null. Bad says why a field that is
// present is not of its shape (a string field that is not a string, an
// integer field that is not an integer); a field of another shape is left
// nil, so that it never hides the others.
type Move struct {
	Type    *string
	MatchID *string
	Seat    *int
	Token   *string
	Turn    *int
	Action  *string
	Amount  *int
	Message *string
	// Bad is "" when every field present has its shape, else a sentence
	// for the first one that has not (the server answers bad_message).
	Bad string
}

// Text is the string s points to, "" when s is nil.
func Text(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ReadMove reads one message of an agent (a move or a hello). An integer
// field (seat, turn, amount) is any JSON number of integral value within
// ±2^53, however written (3, 3.0, 30e-1: I-INF-S9); keys are matched
// exactly, and of a repeated key the last one decides. The error says why
// data is not one JSON object; anything else is read (see Move.Bad).
//
// A message of the usual form (one flat object of the keys above, plain
// strings, short integers, each key once) is read in one pass over its
// bytes (readFast); any other through encoding/json (ReadMoveJSON), the
// reference: both read the same (FuzzReadFast).
func ReadMove(data []byte) (Move, error) {
	if m, ok := readFast(data); ok {
		return m, nil
	}
	return ReadMoveJSON(data)
}

// ReadMoveJSON is ReadMove through encoding/json alone: the reference its
// fast path is held to.
func ReadMoveJSON(data []byte) (Move, error) {
	var m Move
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		if firstNonSpace(data) != '{' {
			return m, errors.New("a message must be one JSON object")
		}
		return m, err
	}
	if top == nil {
		return m, errors.New("a message must be one JSON object")
	}
	// In the order of the fields, so that Bad names the first of them.
	for _, f := range []struct {
		name string
		s    **string
		n    **int
	}{
		{name: "type", s: &m.Type}, {name: "match_id", s: &m.MatchID}, {name: "seat", n: &m.Seat},
		{name: "token", s: &m.Token}, {name: "turn", n: &m.Turn}, {name: "action", s: &m.Action},
		{name: "amount", n: &m.Amount}, {name: "message", s: &m.Message},
	} {
		raw := top[f.name]
		if len(raw) == 0 || string(raw) == "null" {
			continue
		}
		if f.s != nil {
			var s string
			if raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
				m.badf("%q is %s, not a string", f.name, clip(raw))
				continue
			}
			*f.s = &s
			continue
		}
		n, ok := integral(raw)
		if !ok {
			m.badf("%q is %s, not an integer", f.name, clip(raw))
			continue
		}
		*f.n = &n
	}
	return m, nil
}

func (m *Move) badf(format string, args ...any) {
	if m.Bad == "" {
		m.Bad = fmt.Sprintf(format, args...)
	}
}

// clip shortens a raw value for a sentence.
func clip(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:40]) + "…"
	}
	return string(raw)
}

// integral reads a JSON number of integral value within ±2^53, exactly:
// from its decimal digits, not its float (9007199254740993 is beyond 2^53
// though its float is 2^53, and 1.0000000000000001 is no integer though
// its float is 1). The work is bounded by the number's length, whatever
// its exponent.
func integral(raw json.RawMessage) (int, bool) {
	if len(raw) == 0 || raw[0] == '"' {
		return 0, false
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil || n == "" { // null leaves n empty
		return 0, false
	}
	s := string(n)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return 0, true // zero, however written
	}
	// value = digits × 10^e, digits without trailing zeros.
	e := -len(frac)
	trimmed := strings.TrimRight(digits, "0")
	e += len(digits) - len(trimmed)
	if hasExp {
		x, err := strconv.Atoi(expPart)
		if err != nil {
			// An exponent beyond int: 0 < |value| and it is either below
			// 1 or beyond 2^53.
			return 0, false
		}
		e += x
	}
	if e < 0 || len(trimmed)+e > 16 {
		return 0, false // a fraction, or more than 16 digits: beyond 2^53
	}
	v, err := strconv.ParseUint(trimmed+strings.Repeat("0", e), 10, 64)
	if err != nil || v > 1<<53 {
		return 0, false
	}
	if neg {
		return -int(v), true
	}
	return int(v), true
}

func firstNonSpace(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return c
	}
	return 0
}

// readFast reads the usual form of an agent's message without
// encoding/json: one flat object whose keys are Move's (lower case, each at
// most once), with plain strings (valid UTF-8, no escapes or control
// characters) and integers of at most 15 digits (within ±2^53, as the
// reference reads them). Anything else reports
// false, and ReadMoveJSON decides; what readFast accepts reads as
// ReadMoveJSON reads it (FuzzReadFast).
func readFast(b []byte) (m Move, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return m, false
	}
	i++
	for {
		var key []byte
		i = skipSpace(b, i)
		if key, i, ok = plainString(b, i); !ok {
			return m, false
		}
		if i = skipSpace(b, i); i >= len(b) || b[i] != ':' {
			return m, false
		}
		i = skipSpace(b, i+1)
		var sp **string
		var ip **int
		switch string(key) {
		case "type":
			sp = &m.Type
		case "match_id":
			sp = &m.MatchID
		case "token":
			sp = &m.Token
		case "action":
			sp = &m.Action
		case "message":
			sp = &m.Message
		case "seat":
			ip = &m.Seat
		case "turn":
			ip = &m.Turn
		case "amount":
			ip = &m.Amount
		default:
			return m, false
		}
		if sp != nil {
			var v []byte
			if *sp != nil {
				return m, false
			}
			if v, i, ok = plainString(b, i); !ok {
				return m, false
			}
			s := internValue(v)
			*sp = &s
		} else {
			if *ip != nil {
				return m, false
			}
			n, j, ok := plainInt(b, i)
			if !ok {
				return m, false
			}
			*ip, i = &n, j
		}
		if i = skipSpace(b, i); i >= len(b) {
			return m, false
		}
		switch b[i] {
		case ',':
			i++
			continue
		case '}':
			return m, skipSpace(b, i+1) == len(b)
		}
		return m, false
	}
}

// internValue is string(v), without allocating for the words messages
// use most.
func internValue(v []byte) string {
	switch string(v) {
	case TypeMove:
		return TypeMove
	case TypeHello:
		return TypeHello
	case "call":
		return "call"
	case "fold":
		return "fold"
	case "raise":
		return "raise"
	case "event":
		return "event"
	case "your_turn":
		return "your_turn"
	case "action":
		return "action"
	case "ante":
		return "ante"
	case "deal_private":
		return "deal_private"
	case "round_start":
		return "round_start"
	case "showdown":
		return "showdown"
	case "message":
		return "message"
	case "timeout":
		return "timeout"
	}
	return string(v)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a string at b[i] with no escapes or control
// characters, in valid UTF-8; it returns its content and the index after it.
func plainString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	start := i + 1
	ascii := true
	for j := start; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			if !ascii && !utf8.Valid(b[start:j]) {
				return nil, i, false
			}
			return b[start:j], j + 1, true
		case c < 0x20 || c == '\\':
			return nil, i, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, i, false
}

// plainInt reads an integer at b[i]: an optional minus, then 0 or a
// non-zero digit and at most 14 more, not followed by a fraction or an
// exponent.
func plainInt(b []byte, i int) (int, int, bool) {
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start, n := i, 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 15 {
		n = n*10 + int(b[i]-'0')
		i++
	}
	switch {
	case i == start, b[start] == '0' && i > start+1:
		return 0, i, false
	case i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E' || (b[i] >= '0' && b[i] <= '9')):
		return 0, i, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}
