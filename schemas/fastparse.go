package schemas

import (
	"errors"
	"math"
	"unicode/utf16"
	"unicode/utf8"
)

// The fast path parses a message into a flat tree of nodes (one slice,
// reused) and checks it against a compiled copy of the schemas (fast.go).
// Anything it is not sure to read exactly as encoding/json does (invalid
// UTF-8, lone surrogates, duplicate keys, numbers beyond float64's exact
// range, very deep nesting) makes it give up, and the message goes to the
// reference validator.

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNum
	jStr
	jArr
	jObj
)

// jnode is one JSON value. Containers list their children through first and
// next (indices into the node slice; -1 for none).
type jnode struct {
	kind  jkind
	b     bool
	isInt bool
	f     float64
	s     string // string value
	key   string // member name, for the members of an object
	kid   int32  // the member name's key id, -1 when no schema names it
	n     int32  // number of children
	first int32
	next  int32
	// A container's bytes are data[start:end]. memo is set on a container
	// the parser did not read because a Memo holds the same bytes (see
	// memo.go): it has no children, and only remembered verdicts apply.
	start, end int32
	memo       *memoEntry
}

// errUnsure means the fast parser declines the input; the reference path
// decides (and explains syntax errors).
var errUnsure = errors.New("fast path declined")

const (
	maxFastDepth   = 128
	maxFastMembers = 64 // bounds the duplicate-key scan
)

type fparser struct {
	data  []byte
	pos   int
	nodes []jnode
	depth int
	keys  map[string]keyInfo // interned property names of the schemas

	// With a memo, containers it holds are skipped (when lookups is set)
	// and the containers found valid are recorded in learned.
	memo    *Memo
	lookups bool
	hits    int
	hitAt   []int32 // the start of each skipped container, ascending
	unsure  bool    // a verdict needed what a skipped container holds
	learned []learnRec
}

func (p *fparser) reset(data []byte) {
	p.data, p.pos, p.nodes, p.depth = data, 0, p.nodes[:0], 0
	p.hits, p.hitAt, p.unsure, p.learned = 0, p.hitAt[:0], false, p.learned[:0]
}

// parse reads exactly one JSON value (surrounded by optional whitespace).
func (p *fparser) parse() error {
	p.ws()
	if _, err := p.value(); err != nil {
		return err
	}
	p.ws()
	if p.pos != len(p.data) {
		return errUnsure
	}
	return nil
}

func (p *fparser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *fparser) add(n jnode) int32 {
	n.first, n.next, n.kid = -1, -1, -1
	p.nodes = append(p.nodes, n)
	return int32(len(p.nodes) - 1)
}

func (p *fparser) value() (int32, error) {
	if p.pos >= len(p.data) {
		return 0, errUnsure
	}
	switch c := p.data[p.pos]; {
	case (c == '{' || c == '[') && p.lookups && p.depth > 0:
		if e := p.memo.find(p.data[p.pos:]); e != nil {
			k := jObj
			if c == '[' {
				k = jArr
			}
			end := p.pos + len(e.raw)
			i := p.add(jnode{kind: k, memo: e, start: int32(p.pos), end: int32(end)})
			p.hitAt = append(p.hitAt, int32(p.pos))
			p.pos, p.hits = end, p.hits+1
			return i, nil
		}
		if c == '{' {
			return p.object()
		}
		return p.array()
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str(false)
		if err != nil {
			return 0, err
		}
		return p.add(jnode{kind: jStr, s: s}), nil
	case c == 't':
		return p.lit("true", jnode{kind: jBool, b: true})
	case c == 'f':
		return p.lit("false", jnode{kind: jBool})
	case c == 'n':
		return p.lit("null", jnode{kind: jNull})
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return 0, errUnsure
}

func (p *fparser) lit(word string, n jnode) (int32, error) {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return 0, errUnsure
	}
	p.pos += len(word)
	return p.add(n), nil
}

func (p *fparser) number() (int32, error) {
	start := p.pos
	d := p.data
	if d[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		s := p.pos
		for p.pos < len(d) && d[p.pos] >= '0' && d[p.pos] <= '9' {
			p.pos++
		}
		return p.pos - s
	}
	intStart := p.pos
	if n := digits(); n == 0 || (n > 1 && d[intStart] == '0') {
		return 0, errUnsure
	}
	plain := true
	if p.pos < len(d) && d[p.pos] == '.' {
		p.pos++
		plain = false
		if digits() == 0 {
			return 0, errUnsure
		}
	}
	if p.pos < len(d) && (d[p.pos] == 'e' || d[p.pos] == 'E') {
		p.pos++
		plain = false
		if p.pos < len(d) && (d[p.pos] == '+' || d[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return 0, errUnsure
		}
	}
	tok := d[start:p.pos]
	// Up to 15 digits a float64 holds the number exactly; beyond that the
	// reference path (exact rationals) decides.
	if len(tok) > 15 || !plain {
		return 0, errUnsure
	}
	var whole int64
	for _, c := range tok {
		if c != '-' {
			whole = whole*10 + int64(c-'0')
		}
	}
	if tok[0] == '-' {
		whole = -whole
	}
	f := float64(whole)
	if whole == 0 && tok[0] == '-' {
		f = math.Copysign(0, -1)
	}
	return p.add(jnode{kind: jNum, f: f, isInt: true}), nil
}

// str reads a string; key strings are interned when the schemas name them.
func (p *fparser) str(key bool) (string, error) {
	s, _, err := p.strID(key)
	return s, err
}

// strID is str that also returns the key id of an interned name (-1 else).
func (p *fparser) strID(key bool) (string, int32, error) {
	d := p.data
	p.pos++ // opening quote
	start := p.pos
	for p.pos < len(d) {
		c := d[p.pos]
		switch {
		case c == '"':
			raw := d[start:p.pos]
			p.pos++
			if key {
				if k, ok := p.keys[string(raw)]; ok {
					return k.s, k.id, nil
				}
			}
			return string(raw), -1, nil
		case c == '\\':
			s, err := p.strEscaped(start)
			if err == nil && key {
				if k, ok := p.keys[s]; ok {
					return k.s, k.id, nil
				}
			}
			return s, -1, err
		case c < 0x20:
			return "", -1, errUnsure
		case c >= 0x80:
			r, size := utf8.DecodeRune(d[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", -1, errUnsure
			}
			p.pos += size
		default:
			p.pos++
		}
	}
	return "", -1, errUnsure
}

func (p *fparser) strEscaped(start int) (string, error) {
	d := p.data
	buf := make([]byte, 0, p.pos-start+16)
	buf = append(buf, d[start:p.pos]...)
	for p.pos < len(d) {
		c := d[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(buf), nil
		case c == '\\':
			if p.pos+1 >= len(d) {
				return "", errUnsure
			}
			e := d[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", errUnsure
				}
				if utf16.IsSurrogate(r) {
					// Only a well-formed pair is read here; encoding/json
					// replaces broken ones, which the reference path does.
					if p.pos+1 >= len(d) || d[p.pos] != '\\' || d[p.pos+1] != 'u' {
						return "", errUnsure
					}
					p.pos += 2
					r2, ok := p.hex4()
					if !ok {
						return "", errUnsure
					}
					r = utf16.DecodeRune(r, r2)
					if r == utf8.RuneError {
						return "", errUnsure
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", errUnsure
			}
		case c < 0x20:
			return "", errUnsure
		case c >= 0x80:
			r, size := utf8.DecodeRune(d[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", errUnsure
			}
			buf = append(buf, d[p.pos:p.pos+size]...)
			p.pos += size
		default:
			buf = append(buf, c)
			p.pos++
		}
	}
	return "", errUnsure
}

func (p *fparser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.pos : p.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	p.pos += 4
	return r, true
}

func (p *fparser) array() (int32, error) {
	if p.depth++; p.depth > maxFastDepth {
		return 0, errUnsure
	}
	self := p.add(jnode{kind: jArr, start: int32(p.pos)})
	p.pos++
	p.ws()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.nodes[self].end = int32(p.pos)
		p.depth--
		return self, nil
	}
	prev := int32(-1)
	var n int32
	for {
		p.ws()
		child, err := p.value()
		if err != nil {
			return 0, err
		}
		if prev < 0 {
			p.nodes[self].first = child
		} else {
			p.nodes[prev].next = child
		}
		prev = child
		n++
		p.ws()
		if p.pos >= len(p.data) {
			return 0, errUnsure
		}
		if p.data[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.data[p.pos] == ']' {
			p.pos++
			break
		}
		return 0, errUnsure
	}
	p.nodes[self].n = n
	p.nodes[self].end = int32(p.pos)
	p.depth--
	return self, nil
}

func (p *fparser) object() (int32, error) {
	if p.depth++; p.depth > maxFastDepth {
		return 0, errUnsure
	}
	self := p.add(jnode{kind: jObj, start: int32(p.pos)})
	p.pos++
	p.ws()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.nodes[self].end = int32(p.pos)
		p.depth--
		return self, nil
	}
	prev := int32(-1)
	var n int32
	for {
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return 0, errUnsure
		}
		if n >= maxFastMembers {
			return 0, errUnsure
		}
		key, kid, err := p.strID(true)
		if err != nil {
			return 0, err
		}
		// A repeated key: encoding/json keeps the last one; leave it to the
		// reference path.
		for c := p.nodes[self].first; c >= 0; c = p.nodes[c].next {
			if p.nodes[c].key == key {
				return 0, errUnsure
			}
		}
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return 0, errUnsure
		}
		p.pos++
		p.ws()
		child, err := p.value()
		if err != nil {
			return 0, err
		}
		p.nodes[child].key, p.nodes[child].kid = key, kid
		if prev < 0 {
			p.nodes[self].first = child
		} else {
			p.nodes[prev].next = child
		}
		prev = child
		n++
		p.ws()
		if p.pos >= len(p.data) {
			return 0, errUnsure
		}
		if p.data[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.data[p.pos] == '}' {
			p.pos++
			break
		}
		return 0, errUnsure
	}
	p.nodes[self].n = n
	p.nodes[self].end = int32(p.pos)
	p.depth--
	return self, nil
}
