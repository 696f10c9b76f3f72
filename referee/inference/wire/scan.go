package wire

import (
	"encoding/json"
	"unicode/utf8"
)

// The members of a JSON object, walked once over its bytes: each member's
// key and the bytes of its value (a view into the input, not a copy), its
// nested values skipped without being decoded. The walk follows the
// structure of JSON text (strings and their escapes, brackets) and does
// not validate it: a caller that does not know its input is JSON checks
// it first (json.Valid), else what it reads is meaningless but bounded.

// members calls fn with each member of the object at b (after leading
// space) in order, until fn returns false; ok is false when b does not
// start with an object (its members up to the first break are walked).
func members(b []byte, fn func(key, val []byte) bool) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return true
	}
	for i < len(b) {
		ks := i
		ke := skipString(b, i)
		if ke < 0 {
			return false
		}
		i = skipSpace(b, ke)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		vs := skipSpace(b, i+1)
		ve := SkipValue(b, vs)
		if ve < 0 {
			return false
		}
		if !fn(keyOf(b[ks:ke]), b[vs:ve]) {
			return true
		}
		i = skipSpace(b, ve)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return true
		}
		if b[i] != ',' {
			return false
		}
		i = skipSpace(b, i+1)
	}
	return false
}

// elements calls fn with each element of the array at b, in order; ok is
// false when b is not an array.
func elements(b []byte, fn func(val []byte)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return true
	}
	for i < len(b) {
		ve := SkipValue(b, i)
		if ve < 0 {
			return false
		}
		fn(b[i:ve])
		i = skipSpace(b, ve)
		if i >= len(b) {
			return false
		}
		if b[i] == ']' {
			return true
		}
		if b[i] != ',' {
			return false
		}
		i = skipSpace(b, i+1)
	}
	return false
}

// keyOf is the text of a key (its quotes included in k): its bytes when
// it has no escape, else its decoding.
func keyOf(k []byte) []byte {
	if len(k) >= 2 && plain(k[1:len(k)-1]) {
		return k[1 : len(k)-1]
	}
	var s string
	if json.Unmarshal(k, &s) != nil {
		return nil
	}
	return []byte(s)
}

// plain reports whether the content of a string reads as its bytes: no
// escape, no control character, valid UTF-8.
func plain(b []byte) bool {
	ascii := true
	for _, c := range b {
		switch {
		case c == '\\' || c < 0x20:
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return ascii || utf8.Valid(b)
}

// skipString returns the index just past the string at b[i], -1 when
// there is none.
func skipString(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for j := i + 1; j < len(b); j++ {
		c := b[j]
		if c != '"' && c != '\\' {
			continue
		}
		if c == '"' {
			return j + 1
		}
		j++
	}
	return -1
}

// SkipValue returns the index just past the JSON value at b[i], -1 when
// none ends there: a string with its escapes, an object or array to its
// matching bracket, a scalar to the next ',', '}', ']' or space. Like the
// rest of the walk it does not validate what it skips. It is exported for
// readers of a known layout that skip the members they do not read, so
// that one walker is kept.
func SkipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			c := b[j]
			if c != '"' && c|0x20 != '{' && c|0x20 != '}' {
				continue // '[' and ']' are '{' and '}' less 0x20
			}
			switch c {
			case '"':
				if j = skipString(b, j); j < 0 {
					return -1
				}
				j--
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// str is the string value v holds ("" and false for any other value).
func str(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	if plain(v[1 : len(v)-1]) {
		return internValue(v[1 : len(v)-1]), true
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

// num is the integer value v holds: a JSON number of integral value within
// ±2^53 (nil for any other value).
func num(v []byte) *int {
	if n, ok := integer(v); ok {
		return &n
	}
	return nil
}

// integer is num without the pointer (that allocates): for the fields read
// as 0 when absent or of another shape.
func integer(v []byte) (int, bool) {
	if n, end, ok := plainInt(v, 0); ok && end == len(v) {
		return n, true
	}
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) {
		return 0, false
	}
	return integral(v)
}

// flag is the boolean value v holds (false for any other value).
func flag(v []byte) bool { return string(v) == "true" }
