package main

// The requests as umpire's embedded servers lay them out: the agent plays
// only against them, so it reads the few fields it needs where those
// servers put them instead of walking the whole request (mostly the
// visible state or observation) to find them. A request of any other
// layout is read whole (answerFull). For a request that is one JSON
// object without a repeated top-level key, both give the same answer
// (FuzzAnswer).
//
// The fields before the state are the object's first members, read in
// order from its opening brace. The legal items come last: the last
// `,"legal_actions":[` (`,"legalActions":[`) of the line is followed by an
// array, and what follows that array (BangArena: deadlineAt and legal_mask,
// when present) ends with the object's closing brace as the last byte of
// the line. Such a key is the object's own: `,"` never occurs inside a JSON
// string (a quote there is escaped), and a key nested deeper would leave
// more than one brace to close after its members.

import (
	"bytes"
	"unsafe"
)

var (
	turnHead  = []byte(`{"type":"your_turn","match_id":"`)
	turnLegal = []byte(`,"legal_actions":[`)
	baHead    = []byte(`{"matchId":"`)
	baLegal   = []byte(`,"legalActions":[{"actionId":"`)
)

// answerFast is answer for a request of the servers' layout; ok is false
// for any other line.
func answerFast(dst, line []byte, n int64) (b []byte, ok bool) {
	switch {
	case bytes.HasPrefix(line, turnHead):
		return yourTurnFast(dst, line)
	case bytes.HasPrefix(line, baHead):
		return decisionFast(dst, line, n)
	}
	return nil, false
}

// yourTurnFast answers an Inference your_turn laid out as
// {"type":"your_turn","match_id":S,"round":N,"turn":N,…,"legal_actions":[…]}
// with legal items as the server writes them (legalFree).
func yourTurnFast(dst, line []byte) ([]byte, bool) {
	id, i, ok := plainString(line, len(turnHead)-1)
	if !ok {
		return nil, false
	}
	if i, ok = literal(line, i, `,"round":`); !ok {
		return nil, false
	}
	if _, i, ok = digits(line, i); !ok {
		return nil, false
	}
	if i, ok = literal(line, i, `,"turn":`); !ok {
		return nil, false
	}
	turn, i, ok := digits(line, i)
	if !ok || i >= len(line) || line[i] != ',' {
		return nil, false
	}
	j := bytes.LastIndex(line, turnLegal)
	if j < i {
		return nil, false
	}
	free, ok := legalFree(line[j+len(turnLegal):])
	if !ok {
		return nil, false
	}
	return appendMove(dst, id, turn, free), true
}

// legalFree reads the rest of a your_turn after the opening bracket of its
// legal_actions: items {"action":"fold"}, {"action":"call","amount":N} and
// {"action":"raise","min":N,"max":N}, then "]}" and the end of the line.
// free reports whether the first call item costs nothing.
func legalFree(b []byte) (free, ok bool) {
	i, call := 0, false
	for i < len(b) && b[i] != ']' {
		if i > 0 {
			if i, ok = literal(b, i, `,`); !ok {
				return false, false
			}
		}
		if j, ok := literal(b, i, `{"action":"fold"}`); ok {
			i = j
			continue
		}
		if j, ok := literal(b, i, `{"action":"raise","min":`); ok {
			if _, j, ok = digits(b, j); ok {
				if j, ok = literal(b, j, `,"max":`); ok {
					if _, j, ok = digits(b, j); ok {
						if i, ok = literal(b, j, `}`); ok {
							continue
						}
					}
				}
			}
			return false, false
		}
		j, ok := literal(b, i, `{"action":"call","amount":`)
		if !ok {
			return false, false
		}
		amount, j, ok := digits(b, j)
		if !ok {
			return false, false
		}
		if i, ok = literal(b, j, `}`); !ok {
			return false, false
		}
		if !call {
			call, free = true, amount == 0
		}
	}
	if len(b) != i+2 || b[i+1] != '}' {
		return false, false
	}
	return free, true
}

// decisionFast answers a BangArena DecisionRequest laid out as
// {"matchId":S,"seatId":N,"decisionId":S,"observationVersion":N,…,"legalActions":[{"actionId":S,…},…]}
// where the legal items may be followed by deadlineAt and legal_mask
// (requestTail).
func decisionFast(dst, line []byte, n int64) ([]byte, bool) {
	_, i, ok := plainString(line, len(baHead)-1)
	if !ok {
		return nil, false
	}
	if i, ok = literal(line, i, `,"seatId":`); !ok {
		return nil, false
	}
	seat, i, ok := digits(line, i)
	if !ok {
		return nil, false
	}
	if i, ok = literal(line, i, `,"decisionId":`); !ok {
		return nil, false
	}
	if _, i, ok = plainString(line, i); !ok {
		return nil, false
	}
	if i, ok = literal(line, i, `,"observationVersion":`); !ok {
		return nil, false
	}
	version, i, ok := digits(line, i)
	if !ok || i >= len(line) || line[i] != ',' {
		return nil, false
	}
	j := bytes.LastIndex(line, baLegal)
	if j < i {
		return nil, false
	}
	if !requestTail(line, skipArray(line, j+len(`,"legalActions":`))) {
		return nil, false
	}
	id, _, ok := plainString(line, j+len(baLegal)-1)
	if !ok {
		return nil, false
	}
	return appendCommand(dst, seat, version, id, n), true
}

// requestTail reports whether what follows the legalActions array, from
// b[i], ends the request as the server writes it: the closing brace, or
// first ,"deadlineAt":null or a string and ,"legal_mask": an array.
func requestTail(b []byte, i int) bool {
	if i < 0 {
		return false
	}
	if i == len(b)-1 {
		return b[i] == '}'
	}
	i, ok := literal(b, i, `,"deadlineAt":`)
	if !ok {
		return false
	}
	if j, ok := literal(b, i, `null`); ok {
		i = j
	} else if _, i, ok = plainString(b, i); !ok {
		return false
	}
	if i, ok = literal(b, i, `,"legal_mask":`); !ok {
		return false
	}
	i = skipArray(b, i)
	return i == len(b)-1 && b[i] == '}'
}

// plainString reads the string whose opening quote is at b[i] when it has
// no escape: its text (a view of b) and the index past its closing quote.
func plainString(b []byte, i int) (s string, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return "", 0, false
	}
	k := bytes.IndexByte(b[i+1:], '"')
	if k < 0 || bytes.IndexByte(b[i+1:i+1+k], '\\') >= 0 {
		return "", 0, false
	}
	v := b[i+1 : i+1+k]
	return unsafe.String(unsafe.SliceData(v), len(v)), i + k + 2, true
}

// literal returns the index past lit when b holds it at i.
func literal(b []byte, i int, lit string) (int, bool) {
	if i > len(b) || !bytes.HasPrefix(b[i:], []byte(lit)) {
		return 0, false
	}
	return i + len(lit), true
}

// digits reads 1 to 15 decimal digits at b[i] (an integer that a float
// holds exactly, as gjson reads it): their value and the index past them.
func digits(b []byte, i int) (n int64, next int, ok bool) {
	start := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int64(b[i]-'0')
		i++
	}
	if i == start || i-start > 15 {
		return 0, 0, false
	}
	return n, i, true
}

// skipArray returns the index past the array whose opening bracket is at
// b[i] (strings skipped with their escapes), -1 when it does not end.
func skipArray(b []byte, i int) int {
	if i >= len(b) || b[i] != '[' {
		return -1
	}
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}
