package verify

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds the nesting of a log line, as encoding/json does.
const maxDepth = 10000

// scanner is a validating, allocation-free JSON scanner over one log line.
// It checks the full JSON grammar (RFC 8259) while the record reads the
// fields it knows, in one pass: a line that is not valid JSON is rejected
// whatever its fields.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) ws() {
	if s.i < len(s.b) && s.b[s.i] > ' ' {
		return
	}
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek returns the next byte after white space, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// eat consumes c after white space.
func (s *scanner) eat(c byte) bool {
	if s.peek() == c {
		s.i++
		return true
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// str scans a string (the next non-space byte must be '"') and returns its
// raw content between the quotes and whether it holds escapes.
func (s *scanner) str() (raw []byte, esc, ok bool) {
	if s.peek() != '"' {
		return nil, false, false
	}
	s.i++
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			raw = s.b[start:s.i]
			s.i++
			return raw, esc, true
		case c == '\\':
			esc = true
			if s.i+1 >= len(s.b) {
				return nil, false, false
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) || !isHex(s.b[s.i+2]) || !isHex(s.b[s.i+3]) || !isHex(s.b[s.i+4]) || !isHex(s.b[s.i+5]) {
					return nil, false, false
				}
				s.i += 6
			default:
				return nil, false, false
			}
		case c < 0x20:
			return nil, false, false
		default:
			s.i++
		}
	}
	return nil, false, false
}

// num scans a number. isInt is true when it is an integer value that fits
// the verifier's range (a fraction or exponent is allowed when the value is
// whole, as 2.0 or 1e2).
func (s *scanner) num() (n int, isInt, ok bool) {
	s.ws()
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	if s.i >= len(s.b) {
		return 0, false, false
	}
	switch c := s.b[s.i]; {
	case c == '0':
		s.i++
	case c >= '1' && c <= '9':
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
		}
	default:
		return 0, false, false
	}
	plain := true
	if s.i < len(s.b) && s.b[s.i] == '.' {
		plain = false
		s.i++
		d := s.i
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
		}
		if s.i == d {
			return 0, false, false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		plain = false
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		d := s.i
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
		}
		if s.i == d {
			return 0, false, false
		}
	}
	lit := s.b[start:s.i]
	if plain && len(lit) <= 16 {
		neg := lit[0] == '-'
		if neg {
			lit = lit[1:]
		}
		for _, c := range lit {
			n = n*10 + int(c-'0')
		}
		if neg {
			n = -n
		}
		return n, true, true
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<50 {
		return 0, false, true
	}
	return int(f), true, true
}

// lit consumes the literal word (true, false, null).
func (s *scanner) lit(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

// skip validates and consumes any value.
func (s *scanner) skip(depth int) bool {
	if depth > maxDepth {
		return false
	}
	switch s.peek() {
	case '"':
		_, _, ok := s.str()
		return ok
	case '{':
		s.i++
		if s.eat('}') {
			return true
		}
		for {
			if _, _, ok := s.str(); !ok || !s.eat(':') || !s.skip(depth+1) {
				return false
			}
			if s.eat('}') {
				return true
			}
			if !s.eat(',') {
				return false
			}
		}
	case '[':
		s.i++
		if s.eat(']') {
			return true
		}
		for {
			if !s.skip(depth + 1) {
				return false
			}
			if s.eat(']') {
				return true
			}
			if !s.eat(',') {
				return false
			}
		}
	case 't':
		return s.lit("true")
	case 'f':
		return s.lit("false")
	case 'n':
		return s.lit("null")
	default:
		_, _, ok := s.num()
		return ok
	}
}

// boolean scans a value that should be true or false; isBool is false (and
// the value skipped) otherwise.
func (s *scanner) boolean() (v, isBool, ok bool) {
	switch s.peek() {
	case 't':
		if s.lit("true") {
			return true, true, true
		}
	case 'f':
		if s.lit("false") {
			return false, true, true
		}
	}
	return false, false, s.skip(1)
}

// integer scans a value that should be an integer; isInt is false (and
// the value skipped) otherwise.
func (s *scanner) integer() (n int, isInt, ok bool) {
	c := s.peek()
	if c == '-' || c >= '0' && c <= '9' {
		return s.num()
	}
	return 0, false, s.skip(1)
}

// escapedRunes counts the code points of a string's raw content (already
// validated by str) as encoding/json would decode it: an escape is one
// code point, a surrogate pair of escapes too, and every invalid byte
// becomes one U+FFFD.
func escapedRunes(raw []byte) int {
	n := 0
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			_, size := utf8.DecodeRune(raw[i:])
			i += size
			n++
			continue
		}
		if raw[i+1] != 'u' {
			i += 2
			n++
			continue
		}
		r := hex4(raw[i+2 : i+6])
		i += 6
		n++
		if utf16.IsSurrogate(r) && i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
			if utf16.DecodeRune(r, hex4(raw[i+2:i+6])) != unicode.ReplacementChar {
				i += 6 // the low half of the pair
			}
		}
	}
	return n
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// unquote decodes a string's raw content with escapes.
func unquote(raw []byte) (string, bool) {
	q := make([]byte, 0, len(raw)+2)
	q = append(q, '"')
	q = append(q, raw...)
	q = append(q, '"')
	var out string
	if err := json.Unmarshal(q, &out); err != nil {
		return "", false
	}
	return out, true
}
