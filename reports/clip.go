package reports

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/referee/rules"
)

// MaxMessageBytes is the most of one message a transcript keeps. A correct
// server's or agent's message is a few KiB; a hostile one may be megabytes
// (up to a reader's cap), and keeping it whole in every finding that shows
// it, and in every report, made memory grow with what a peer sent. A longer
// message is kept as an excerpt of this many bytes and its size.
const MaxMessageBytes = 64 << 10

// clipMessage fills m with an excerpt of raw, which is over MaxMessageBytes:
// JSON is re-encoded compactly with its secrets redacted, as RedactJSON
// would, token by token and only as far as the excerpt reaches (memory
// bounded by the excerpt and the nesting); anything else is cut and
// redacted as text. The excerpt is Text, never Body: it is not a whole JSON
// value. It ends by saying how much was kept of how much.
func clipMessage(m Message, raw []byte) Message {
	head, ok := clipJSON(raw, MaxMessageBytes)
	if !ok {
		head = RedactString(cutRunes(string(raw), MaxMessageBytes))
	}
	head = cutRunes(head, MaxMessageBytes)
	if !utf8.ValidString(head) {
		head, m.InvalidUTF8 = strings.ToValidUTF8(head, "\uFFFD"), true
	}
	m.Text = fmt.Sprintf("%s … [umpire kept an excerpt of %s bytes of this %s-byte message]", head, rules.Thousands(len(head)), rules.Thousands(len(raw)))
	return m
}

// cutRunes cuts s to at most n bytes, not inside a UTF-8 sequence (a
// sequence cut short at the end is left out).
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				s = s[:i]
			}
			break
		}
	}
	return s
}

// clipJSON writes the first limit bytes (or a little more) of raw
// re-encoded compactly, the value of every key named like a secret
// (IsSecretKey) replaced by Redacted; ok is false when raw does not start
// as JSON (it is then clipped as text). Only the first 2·limit bytes of raw
// are read, so a token that runs past them (a padding string of
// megabytes) ends the excerpt before it, unread: memory stays bounded by
// the excerpt. A syntax error past the excerpt does not matter.
func clipJSON(raw []byte, limit int) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw[:min(len(raw), 2*limit)]))
	dec.UseNumber()
	var out strings.Builder
	// Each open container: whether it is an object, how many tokens it
	// has had (in an object: keys and values alternate).
	type level struct {
		object bool
		n      int
	}
	var stack []level
	skip := 0 // > 0: inside a secret's container value, at this depth
	secret := false
	for out.Len() < limit {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return out.String(), out.Len() > 0
		}
		if skip > 0 {
			if d, isDelim := tok.(json.Delim); isDelim {
				if d == '{' || d == '[' {
					skip++
				} else if skip--; skip == 0 {
					stack[len(stack)-1].n++
				}
			}
			continue
		}
		d, isDelim := tok.(json.Delim)
		closing := isDelim && (d == '}' || d == ']')
		if len(stack) > 0 && !closing {
			top := &stack[len(stack)-1]
			switch {
			case top.object && top.n%2 == 1:
				out.WriteByte(':')
			case top.n > 0:
				out.WriteByte(',')
			}
		}
		if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].n%2 == 0 && !closing {
			// A key.
			k, _ := tok.(string)
			secret = IsSecretKey(k)
			writeJSON(&out, k)
			stack[len(stack)-1].n++
			continue
		}
		if secret && !closing {
			secret = false
			writeJSON(&out, Redacted)
			if isDelim {
				skip = 1
			} else {
				stack[len(stack)-1].n++
			}
			continue
		}
		switch {
		case closing:
			out.WriteByte(byte(d))
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				stack[len(stack)-1].n++
			}
		case isDelim:
			out.WriteByte(byte(d))
			stack = append(stack, level{object: d == '{'})
		default:
			writeJSON(&out, tok)
			if len(stack) > 0 {
				stack[len(stack)-1].n++
			}
		}
	}
	return out.String(), true
}

// writeJSON writes one scalar token as JSON (strings through RedactString,
// as RedactJSON does: header lines and URLs inside strings).
func writeJSON(out *strings.Builder, v any) {
	if s, ok := v.(string); ok {
		v = RedactString(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte("null")
	}
	out.Write(b)
}
