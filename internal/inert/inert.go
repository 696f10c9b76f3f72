package inert

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Unsafe reports whether r must not reach a reader raw (see the package
// documentation).
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r < 0x7f:
		return false
	case r == 0x2028, r == 0x2029, r == 0xfffe, r == 0xffff:
		return true
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Cs, r)
}

// Clean reports whether s is valid UTF-8 without an unsafe rune, that is
// whether String returns it unchanged.
func Clean(s string) bool { return clean(s, false) }

func clean(s string, block bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				if !block || (c != '\n' && c != '\t') {
					return false
				}
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Unsafe(r) {
			return false
		}
		i += n
	}
	return true
}

// String returns s safe to show on one line: every unsafe rune (newlines
// and tabs included) as \uXXXX, invalid UTF-8 as U+FFFD.
func String(s string) string { return escape(s, false) }

// Block is String keeping newlines and tabs, for multi-line text (a
// transcript, an agent's stderr). A carriage return is escaped.
func Block(s string) string { return escape(s, true) }

func escape(s string, block bool) string {
	if clean(s, block) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case block && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case Unsafe(r):
			b.WriteString(escapeRune(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escapeRune is the visible escape of r: \uXXXX, or \U00XXXXXX.
func escapeRune(r rune) string {
	if r > 0xffff {
		buf := []byte(`\U00000000`)
		for i := 9; i >= 2; i-- {
			buf[i] = hexDigits[r&0xf]
			r >>= 4
		}
		return string(buf)
	}
	buf := []byte(`\u0000`)
	for i := 5; i >= 2; i-- {
		buf[i] = hexDigits[r&0xf]
		r >>= 4
	}
	return string(buf)
}

// Invalid reports whether b holds bytes that are not UTF-8 (which String,
// Block and JSON replace: a writer flags the text as altered).
func Invalid(b []byte) bool { return !utf8.Valid(b) }

// JSON returns encoded JSON (as encoding/json writes it) made inert: bytes
// that are not UTF-8 become \ufffd and every unsafe rune a JSON escape
// (\u202e, or a surrogate pair beyond the BMP), so that the document is
// valid UTF-8 that a terminal, a browser or Python's json.load read safely,
// and decodes to the same value but for the replaced bytes. Outside
// strings valid JSON is ASCII, so only string contents change. b is
// returned as it is when nothing needs changing.
func JSON(b []byte) []byte {
	i := firstUnsafeJSON(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	out = append(out, b[:i]...)
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f {
				out = appendU(out, rune(c))
			} else {
				out = append(out, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = append(out, `\ufffd`...)
		case Unsafe(r):
			if r > 0xffff {
				r1, r2 := surrogates(r)
				out = appendU(appendU(out, r1), r2)
			} else {
				out = appendU(out, r)
			}
		default:
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

// firstUnsafeJSON returns the offset of the first byte JSON must rewrite,
// or -1. Raw C0 bytes other than white space cannot occur in valid JSON;
// white space between tokens is kept.
func firstUnsafeJSON(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != ' ') || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 || Unsafe(r) {
			return i
		}
		i += n
	}
	return -1
}

func appendU(out []byte, r rune) []byte {
	return append(out, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

func surrogates(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}
