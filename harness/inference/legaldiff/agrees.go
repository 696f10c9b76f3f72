package legaldiff

import (
	"strconv"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/referee/inference"
)

// InferenceAgrees reports whether list, the legal_actions array of an
// Inference message as it was offered, certainly agrees with the referee's
// items: true only when Inference(derived, its items).Equal() holds. It is
// the comparison's fast path for a judge of live traffic, which meets a
// conforming list far more often than any other: it reads the array in one
// pass without decoding it, and accepts only the plain shape a conforming
// server sends (one flat object per action, its fields strings without
// escapes, integers, booleans or null). Anything else, and any
// disagreement, is false: the caller then compares with Inference, which
// decides.
func InferenceAgrees(derived []inference.LegalAction, list []byte) bool {
	var items [4]flatItem
	n := 0
	s := flatScan{b: list}
	if !s.byte('[') {
		return false
	}
	if !s.byte(']') {
		for {
			if n == len(items) || n == len(derived) {
				return false
			}
			if !s.object(&items[n]) {
				return false
			}
			n++
			if s.byte(']') {
				break
			}
			if !s.byte(',') {
				return false
			}
		}
	}
	s.ws()
	if s.i != len(s.b) || n != len(derived) {
		return false
	}
	var used [len(items)]bool
	for _, want := range derived {
		found := -1
		for k := range items[:n] {
			if items[k].action == want.Action {
				if found >= 0 {
					return false // a repeated action
				}
				found = k
			}
		}
		if found < 0 || used[found] {
			return false
		}
		used[found] = true
		it := &items[found]
		switch want.Action {
		case inference.ActionCall:
			if !it.has[fieldAmount] || it.val[fieldAmount] != want.Amount {
				return false
			}
		case inference.ActionRaise:
			if !it.has[fieldMin] || it.val[fieldMin] != want.Min || !it.has[fieldMax] || it.val[fieldMax] != want.Max {
				return false
			}
		}
	}
	return true
}

// The integer fields of an item the comparison reads.
const (
	fieldAmount = iota
	fieldMin
	fieldMax
	nFields
)

// flatItem is what InferenceAgrees read of one item (the last of a
// repeated key, as a decoding into a map keeps).
type flatItem struct {
	action    string
	hasAction bool
	has       [nFields]bool
	val       [nFields]int
}

// flatScan reads plain JSON: flat objects of simple values.
type flatScan struct {
	b []byte
	i int
}

func (s *flatScan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// byte consumes c after white space, reporting whether it was there.
func (s *flatScan) byte(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string without escapes and returns its contents.
func (s *flatScan) str() ([]byte, bool) {
	if !s.byte('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			out := s.b[start:s.i]
			s.i++
			return out, utf8.Valid(out)
		case c == '\\' || c < 0x20:
			return nil, false
		}
		s.i++
	}
	return nil, false
}

// integer reads an integer literal (JSON's grammar, no fraction or
// exponent) that fits an int.
func (s *flatScan) integer() (int, bool) {
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	if s.i == digits || (s.b[digits] == '0' && s.i-digits > 1) {
		return 0, false
	}
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	v, err := strconv.Atoi(string(s.b[start:s.i]))
	return v, err == nil
}

// literal consumes word (true, false, null).
func (s *flatScan) literal(word string) bool {
	if len(s.b)-s.i < len(word) || string(s.b[s.i:s.i+len(word)]) != word {
		return false
	}
	s.i += len(word)
	return true
}

// object reads one flat object into it.
func (s *flatScan) object(it *flatItem) bool {
	*it = flatItem{}
	if !s.byte('{') {
		return false
	}
	if s.byte('}') {
		return false // no action: not an item a conforming list holds
	}
	for {
		key, ok := s.str()
		if !ok || !s.byte(':') {
			return false
		}
		s.ws()
		if s.i >= len(s.b) {
			return false
		}
		field := -1
		switch string(key) {
		case "amount":
			field = fieldAmount
		case "min":
			field = fieldMin
		case "max":
			field = fieldMax
		}
		switch c := s.b[s.i]; {
		case c == '"':
			v, ok := s.str()
			if !ok || field >= 0 {
				return false
			}
			if string(key) == "action" {
				it.action, it.hasAction = string(v), true
			}
		case c == '-' || (c >= '0' && c <= '9'):
			v, ok := s.integer()
			if !ok || string(key) == "action" {
				return false
			}
			if field >= 0 {
				it.has[field], it.val[field] = true, v
			}
		case c == 't' || c == 'f' || c == 'n':
			if field >= 0 || string(key) == "action" {
				return false
			}
			if !s.literal("true") && !s.literal("false") && !s.literal("null") {
				return false
			}
		default:
			return false
		}
		if s.byte('}') {
			return it.hasAction
		}
		if !s.byte(',') {
			return false
		}
	}
}
