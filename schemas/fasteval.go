package schemas

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// ok reports whether node i of nodes satisfies n.
func (n *fnode) ok(p *fparser, i int32) bool {
	nodes := p.nodes
	if n.always != nil {
		return *n.always
	}
	v := &nodes[i]
	if v.memo != nil {
		return p.remembered(v, n)
	}
	if n.types != 0 && !n.typeOK(v) {
		return false
	}
	if n.hasConst && !n.constV.equal(p, i) {
		return false
	}
	if n.enumStr != nil {
		if v.kind != jStr || !n.enumStr[v.s] {
			return false
		}
	} else if n.enum != nil {
		found := false
		for _, e := range n.enum {
			if e.equal(p, i) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	switch v.kind {
	case jNum:
		if (n.min != nil && v.f < *n.min) || (n.max != nil && v.f > *n.max) ||
			(n.exMin != nil && v.f <= *n.exMin) || (n.exMax != nil && v.f >= *n.exMax) {
			return false
		}
	case jStr:
		if n.minLen >= 0 || n.maxLen >= 0 {
			l := utf8.RuneCountInString(v.s)
			if (n.minLen >= 0 && l < n.minLen) || (n.maxLen >= 0 && l > n.maxLen) {
				return false
			}
		}
		if n.uidPrefixes != nil {
			if !matchUID(n.uidPrefixes, v.s) {
				return false
			}
		} else if n.pattern != nil && !n.pattern.MatchString(v.s) {
			return false
		}
		if n.format != nil && n.format.Validate(v.s) != nil {
			return false
		}
	case jObj:
		if !n.objectOK(p, i) {
			return false
		}
	case jArr:
		if !n.arrayOK(p, i) {
			return false
		}
	}
	if n.ref != nil && !n.ref.ok(p, i) {
		return false
	}
	for _, s := range n.allOf {
		if !s.ok(p, i) {
			return false
		}
	}
	if n.dispatch != nil && v.kind == jObj {
		if c := memberID(nodes, i, n.dispatchID); c >= 0 && nodes[c].kind == jStr {
			if s := n.dispatch[nodes[c].s]; s != nil && !s.ok(p, i) {
				return false
			}
		}
	}
	if n.anyOf != nil {
		any := false
		for _, s := range n.anyOf {
			if s.ok(p, i) {
				any = true
				break
			}
		}
		if !any {
			return false
		}
	}
	if n.oneOf != nil {
		count := 0
		for _, s := range n.oneOf {
			if s.ok(p, i) {
				count++
			}
		}
		if count != 1 {
			return false
		}
	}
	if n.not != nil && n.not.ok(p, i) {
		return false
	}
	if n.ifN != nil {
		if n.ifN.ok(p, i) {
			if n.thenN != nil && !n.thenN.ok(p, i) {
				return false
			}
		} else if n.elseN != nil && !n.elseN.ok(p, i) {
			return false
		}
	}
	if p.memo != nil && v.end-v.start >= memoMinBytes && i > 0 {
		p.learned = append(p.learned, learnRec{i, n})
	}
	return true
}

func (n *fnode) typeOK(v *jnode) bool {
	switch v.kind {
	case jNull:
		return n.types&tNull != 0
	case jBool:
		return n.types&tBool != 0
	case jNum:
		return n.types&tNum != 0 || (n.types&tInt != 0 && v.isInt)
	case jStr:
		return n.types&tStr != 0
	case jArr:
		return n.types&tArr != 0
	}
	return n.types&tObj != 0
}

func memberID(nodes []jnode, obj int32, id int32) int32 {
	for c := nodes[obj].first; c >= 0; c = nodes[c].next {
		if nodes[c].kid == id {
			return c
		}
	}
	return -1
}

func member(nodes []jnode, obj int32, key string) int32 {
	for c := nodes[obj].first; c >= 0; c = nodes[c].next {
		if nodes[c].key == key {
			return c
		}
	}
	return -1
}

func (n *fnode) objectOK(p *fparser, i int32) bool {
	nodes := p.nodes
	cnt := int(nodes[i].n)
	if cnt < n.minProps || (n.maxProps >= 0 && cnt > n.maxProps) {
		return false
	}
	if n.reqBit == nil {
		for _, r := range n.requiredID {
			if memberID(nodes, i, r) < 0 {
				return false
			}
		}
	} else if cnt < len(n.requiredID) {
		return false
	}
	if n.reqBit != nil || n.propsID != nil || n.depReqID != nil {
		var seen uint64
		for c := nodes[i].first; c >= 0; c = nodes[c].next {
			k := nodes[c].kid
			if k < 0 {
				continue
			}
			if n.reqBit != nil {
				if b := n.reqBit[k]; b >= 0 {
					seen |= 1 << b
				}
			}
			if n.propsID != nil {
				if s := n.propsID[k]; s != nil && !s.ok(p, c) {
					return false
				}
			}
			for _, d := range n.depReqID[k] {
				if memberID(nodes, i, d) < 0 {
					return false
				}
			}
		}
		if seen != n.reqFull {
			return false
		}
	}
	return true
}

func (n *fnode) arrayOK(p *fparser, i int32) bool {
	nodes := p.nodes
	cnt := int(nodes[i].n)
	if cnt < n.minItems || (n.maxItems >= 0 && cnt > n.maxItems) {
		return false
	}
	if n.items != nil {
		for c := nodes[i].first; c >= 0; c = nodes[c].next {
			if !n.items.ok(p, c) {
				return false
			}
		}
	}
	if n.unique {
		for a := nodes[i].first; a >= 0; a = nodes[a].next {
			for b := nodes[a].next; b >= 0; b = nodes[b].next {
				if equalNodes(p, a, b) {
					return false
				}
			}
		}
	}
	if n.contains != nil {
		matches := 0
		for c := nodes[i].first; c >= 0; c = nodes[c].next {
			if n.contains.ok(p, c) {
				matches++
			}
		}
		if matches < n.minContain || (n.maxContain >= 0 && matches > n.maxContain) {
			return false
		}
	}
	return true
}

// scalar is a const or enum value of a schema, parsed once.
type scalar struct {
	kind jkind
	b    bool
	f    float64
	s    string
	raw  any // arrays and objects, compared with equalRaw
	ok   bool
}

func toScalar(v any) scalar {
	switch x := v.(type) {
	case nil:
		return scalar{kind: jNull, ok: true}
	case bool:
		return scalar{kind: jBool, b: x, ok: true}
	case string:
		return scalar{kind: jStr, s: x, ok: true}
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return scalar{kind: jNum, f: f, ok: err == nil}
	case []any:
		return scalar{kind: jArr, raw: x, ok: true}
	case map[string]any:
		return scalar{kind: jObj, raw: x, ok: true}
	}
	return scalar{}
}

// equal is JSON equality of node i and the schema value.
func (c scalar) equal(p *fparser, i int32) bool {
	nodes := p.nodes
	v := &nodes[i]
	if !c.ok || v.kind != c.kind {
		return false
	}
	switch c.kind {
	case jNull:
		return true
	case jBool:
		return v.b == c.b
	case jNum:
		return v.f == c.f
	case jStr:
		return v.s == c.s
	}
	return equalRaw(p, i, c.raw)
}

// equalNodes is JSON equality of two parsed values.
func equalNodes(p *fparser, a, b int32) bool {
	nodes := p.nodes
	x, y := &nodes[a], &nodes[b]
	if x.memo != nil || y.memo != nil {
		p.unsure = true // not parsed: the comparison needs the contents
		return false
	}
	if x.kind != y.kind {
		return false
	}
	switch x.kind {
	case jNull:
		return true
	case jBool:
		return x.b == y.b
	case jNum:
		return x.f == y.f
	case jStr:
		return x.s == y.s
	case jArr:
		if x.n != y.n {
			return false
		}
		for c, d := x.first, y.first; c >= 0; c, d = nodes[c].next, nodes[d].next {
			if !equalNodes(p, c, d) {
				return false
			}
		}
		return true
	}
	if x.n != y.n {
		return false
	}
	for c := x.first; c >= 0; c = nodes[c].next {
		d := member(nodes, b, nodes[c].key)
		if d < 0 || !equalNodes(p, c, d) {
			return false
		}
	}
	return true
}

// equalRaw is JSON equality of a parsed value and a schema value (as decoded
// with json.Number).
func equalRaw(p *fparser, i int32, raw any) bool {
	nodes := p.nodes
	v := &nodes[i]
	if v.memo != nil {
		p.unsure = true
		return false
	}
	switch r := raw.(type) {
	case nil:
		return v.kind == jNull
	case bool:
		return v.kind == jBool && v.b == r
	case string:
		return v.kind == jStr && v.s == r
	case json.Number:
		f, err := strconv.ParseFloat(string(r), 64)
		return err == nil && v.kind == jNum && v.f == f
	case []any:
		if v.kind != jArr || int(v.n) != len(r) {
			return false
		}
		k := 0
		for c := v.first; c >= 0; c = nodes[c].next {
			if !equalRaw(p, c, r[k]) {
				return false
			}
			k++
		}
		return true
	case map[string]any:
		if v.kind != jObj || int(v.n) != len(r) {
			return false
		}
		for key, val := range r {
			c := member(nodes, i, key)
			if c < 0 || !equalRaw(p, c, val) {
				return false
			}
		}
		return true
	}
	return false
}
