package schemas

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// fnode is one schema compiled for the fast path: a boolean check of the
// keywords umpire's schemas use. The reference validator (jsonschema/v6)
// stays the authority: it compiles and meta-validates every schema, and it
// explains every message the fast path rejects or declines. Tests check
// that both agree on every fixture, the corpus and fuzzed input.
type fnode struct {
	always *bool // a boolean schema

	types uint8 // bit set of typeBit; 0 = any

	hasConst bool
	constV   scalar
	enum     []scalar
	enumStr  map[string]bool // when every enum value is a string

	min, max, exMin, exMax *float64

	minLen, maxLen int // -1 = none
	pattern        *regexp.Regexp
	uidPrefixes    map[string]bool    // pattern ^(?:a|b|…)_[0-9]{2}$, matched without the regexp engine
	format         *jsonschema.Schema // the reference validator's format check

	required []string
	props    map[string]*fnode
	depReq   map[string][]string
	// Filled by finalize: the same, by key id (see fastCompiler.keys).
	requiredID []int32
	reqBit     []int8   // by key id: the bit of a required name, -1 for others
	reqFull    uint64   // all required bits
	propsID    []*fnode // indexed by key id; nil when no properties
	depReqID   map[int32][]int32
	minProps   int
	maxProps   int
	items      *fnode
	minItems   int
	maxItems   int
	unique     bool
	contains   *fnode
	minContain int
	maxContain int

	// dispatch replaces a list of allOf items of the form
	// {if: {properties: {K: {const: "v"}}, required: [K]}, then: S}: the
	// then-schema of member K's value, found in one map look-up.
	dispatchKey string
	dispatchID  int32
	dispatch    map[string]*fnode

	ref                 *fnode
	allOf, anyOf, oneOf []*fnode
	not                 *fnode
	ifN, thenN, elseN   *fnode
}

const (
	tNull uint8 = 1 << iota
	tBool
	tInt
	tNum
	tStr
	tArr
	tObj
)

func typeBit(name string) uint8 {
	switch name {
	case "null":
		return tNull
	case "boolean":
		return tBool
	case "integer":
		return tInt
	case "number":
		return tNum
	case "string":
		return tStr
	case "array":
		return tArr
	case "object":
		return tObj
	}
	return 0
}

// ignoredKeyword reports whether kw carries no assertion.
func ignoredKeyword(kw string) bool {
	switch kw {
	case "$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples", basisKeyword, refKeyword:
		return true
	}
	return false
}

// fastCompiler compiles raw schema documents into fnodes.
type fastCompiler struct {
	docs    map[string]any // schema documents by $id (no fragment)
	memo    map[string]*fnode
	formats map[string]*jsonschema.Schema
	keys    map[string]keyInfo // every property name the schemas mention
}

// keyInfo is an interned property name and its id.
type keyInfo struct {
	s  string
	id int32
}

func (fc *fastCompiler) intern(name string) int32 {
	if k, ok := fc.keys[name]; ok {
		return k.id
	}
	id := int32(len(fc.keys))
	fc.keys[name] = keyInfo{name, id}
	return id
}

// finalize turns the names of every compiled node into key ids.
func (fc *fastCompiler) finalize() {
	for _, n := range fc.memo {
		for _, r := range n.required {
			n.requiredID = append(n.requiredID, fc.intern(r))
		}
		if n.dispatch != nil {
			n.dispatchID = fc.intern(n.dispatchKey)
		}
		for name, deps := range n.depReq {
			if n.depReqID == nil {
				n.depReqID = map[int32][]int32{}
			}
			for _, d := range deps {
				n.depReqID[fc.intern(name)] = append(n.depReqID[fc.intern(name)], fc.intern(d))
			}
		}
		for name := range n.props {
			fc.intern(name)
		}
	}
	for _, n := range fc.memo {
		if len(n.requiredID) > 0 && len(n.requiredID) <= 64 {
			n.reqBit = make([]int8, len(fc.keys))
			for i := range n.reqBit {
				n.reqBit[i] = -1
			}
			for b, id := range n.requiredID {
				n.reqBit[id] = int8(b)
				n.reqFull |= 1 << b
			}
		}
		if n.props != nil {
			n.propsID = make([]*fnode, len(fc.keys))
			for name, p := range n.props {
				n.propsID[fc.keys[name].id] = p
			}
		}
	}
}

func newFastCompiler() *fastCompiler {
	return &fastCompiler{docs: map[string]any{}, memo: map[string]*fnode{}, formats: map[string]*jsonschema.Schema{}, keys: map[string]keyInfo{}}
}

// compile compiles the schema at the absolute location loc (URL#pointer).
func (fc *fastCompiler) compile(loc string) (*fnode, error) {
	if n, ok := fc.memo[loc]; ok {
		return n, nil
	}
	base, frag, _ := strings.Cut(loc, "#")
	doc, ok := fc.docs[base]
	if !ok {
		return nil, fmt.Errorf("no schema %s", base)
	}
	raw, err := pointerGet(doc, frag)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", loc, err)
	}
	n := &fnode{minLen: -1, maxLen: -1, maxProps: -1, maxItems: -1, minContain: 1, maxContain: -1}
	fc.memo[loc] = n // before the keywords, so that cycles terminate
	if err := fc.fill(n, raw, base, loc); err != nil {
		return nil, err
	}
	return n, nil
}

func pointerGet(doc any, frag string) (any, error) {
	if frag == "" {
		return doc, nil
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, fmt.Errorf("unsupported fragment %q", frag)
	}
	cur := doc
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, fmt.Errorf("no %q", tok)
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("bad index %q", tok)
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("cannot descend into %T", cur)
		}
	}
	return cur, nil
}

func schemaNum(v any) (float64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("not a number: %v", v)
	}
	return strconv.ParseFloat(string(n), 64)
}

func integer(v any) (int, error) {
	f, err := schemaNum(v)
	if err != nil || f != math.Trunc(f) {
		return 0, fmt.Errorf("not an integer: %v", v)
	}
	return int(f), nil
}

// fill compiles the keywords of raw (at loc, in the document base).
func (fc *fastCompiler) fill(n *fnode, raw any, base, loc string) error {
	if b, ok := raw.(bool); ok {
		n.always = &b
		return nil
	}
	obj, ok := raw.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: schema is %T", loc, raw)
	}
	if !strings.Contains(loc, "#") {
		loc += "#"
	}
	child := func(path ...string) (*fnode, error) {
		l := loc
		for _, p := range path {
			l += "/" + strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1")
		}
		return fc.compile(l)
	}
	list := func(kw string) ([]*fnode, error) {
		arr, ok := obj[kw].([]any)
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a list", loc, kw)
		}
		out := make([]*fnode, len(arr))
		for i := range arr {
			c, err := child(kw, strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, kw := range keys {
		v := obj[kw]
		var err error
		switch kw {
		case "type":
			switch t := v.(type) {
			case string:
				n.types |= typeBit(t)
			case []any:
				for _, x := range t {
					s, _ := x.(string)
					n.types |= typeBit(s)
				}
			}
		case "const":
			n.hasConst, n.constV = true, toScalar(v)
		case "enum":
			vals, _ := v.([]any)
			allStr := true
			for _, x := range vals {
				n.enum = append(n.enum, toScalar(x))
				_, isStr := x.(string)
				allStr = allStr && isStr
			}
			if allStr {
				n.enumStr = map[string]bool{}
				for _, x := range vals {
					n.enumStr[x.(string)] = true
				}
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			var f float64
			if f, err = schemaNum(v); err == nil {
				p := &f
				switch kw {
				case "minimum":
					n.min = p
				case "maximum":
					n.max = p
				case "exclusiveMinimum":
					n.exMin = p
				default:
					n.exMax = p
				}
			}
		case "minLength":
			n.minLen, err = integer(v)
		case "maxLength":
			n.maxLen, err = integer(v)
		case "pattern":
			if n.pattern, err = regexp.Compile(fmt.Sprint(v)); err == nil {
				n.uidPrefixes = uidPattern(fmt.Sprint(v))
			}
		case "format":
			n.format, err = fc.formatSchema(fmt.Sprint(v))
		case "required":
			for _, x := range v.([]any) {
				s := fmt.Sprint(x)
				n.required = append(n.required, s)
			}
		case "properties":
			n.props = map[string]*fnode{}
			for name := range v.(map[string]any) {
				if n.props[name], err = child("properties", name); err != nil {
					return err
				}
			}
		case "dependentRequired":
			n.depReq = map[string][]string{}
			for name, deps := range v.(map[string]any) {
				for _, d := range deps.([]any) {
					n.depReq[name] = append(n.depReq[name], fmt.Sprint(d))
				}
			}
		case "minProperties":
			n.minProps, err = integer(v)
		case "maxProperties":
			n.maxProps, err = integer(v)
		case "items":
			n.items, err = child("items")
		case "minItems":
			n.minItems, err = integer(v)
		case "maxItems":
			n.maxItems, err = integer(v)
		case "uniqueItems":
			n.unique, _ = v.(bool)
		case "contains":
			n.contains, err = child("contains")
		case "minContains":
			n.minContain, err = integer(v)
		case "maxContains":
			n.maxContain, err = integer(v)
		case "$ref":
			var u *url.URL
			if u, err = url.Parse(base); err == nil {
				var r *url.URL
				if r, err = u.Parse(fmt.Sprint(v)); err == nil {
					n.ref, err = fc.compile(r.String())
				}
			}
		case "allOf":
			if n.allOf, err = list(kw); err == nil {
				n.makeDispatch(obj[kw].([]any))
			}
		case "anyOf":
			n.anyOf, err = list(kw)
		case "oneOf":
			n.oneOf, err = list(kw)
		case "not":
			n.not, err = child("not")
		case "if":
			n.ifN, err = child("if")
		case "then":
			n.thenN, err = child("then")
		case "else":
			n.elseN, err = child("else")
		default:
			if !ignoredKeyword(kw) {
				return fmt.Errorf("%s: keyword %q has no fast check", loc, kw)
			}
		}
		if err != nil {
			return fmt.Errorf("%s/%s: %w", loc, kw, err)
		}
	}
	return nil
}

// makeDispatch moves the allOf items that switch on one member's constant
// string value into a map (see fnode.dispatch).
func (n *fnode) makeDispatch(items []any) {
	key := ""
	table := map[string]*fnode{}
	var rest []*fnode
	for i, it := range items {
		k, v, ok := constSwitch(it)
		if !ok || (key != "" && k != key) || table[v] != nil {
			rest = append(rest, n.allOf[i])
			continue
		}
		key = k
		table[v] = n.allOf[i].thenN
	}
	if len(table) < 2 {
		return
	}
	n.dispatchKey, n.dispatch, n.allOf = key, table, rest
}

// constSwitch recognises {if: {properties: {K: {const: "v"}}, required: [K]},
// then: S} with nothing else, and returns K and v.
func constSwitch(item any) (key, value string, ok bool) {
	m, _ := item.(map[string]any)
	if len(m) != 2 || m["then"] == nil {
		return "", "", false
	}
	cond, _ := m["if"].(map[string]any)
	props, _ := cond["properties"].(map[string]any)
	req, _ := cond["required"].([]any)
	if len(cond) != 2 || len(props) != 1 || len(req) != 1 {
		return "", "", false
	}
	for k, p := range props {
		pm, _ := p.(map[string]any)
		c, isStr := pm["const"].(string)
		if len(pm) != 1 || !isStr || req[0] != k {
			return "", "", false
		}
		return k, c, true
	}
	return "", "", false
}

// uidPattern recognises the card-uid patterns "^(?:a|b|…)_[0-9]{2}$" and
// "^a_[0-9]{2}$" whose alternatives are plain lowercase names, and returns the
// names; nil for any other pattern.
func uidPattern(p string) map[string]bool {
	const suffix = "_[0-9]{2}$"
	if !strings.HasPrefix(p, "^") || !strings.HasSuffix(p, suffix) {
		return nil
	}
	body := p[1 : len(p)-len(suffix)]
	if strings.HasPrefix(body, "(?:") && strings.HasSuffix(body, ")") {
		body = body[3 : len(body)-1]
	}
	names := map[string]bool{}
	for _, alt := range strings.Split(body, "|") {
		if alt == "" || strings.Trim(alt, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			return nil
		}
		names[alt] = true
	}
	return names
}

// matchUID matches s against a pattern uidPattern recognised.
func matchUID(names map[string]bool, s string) bool {
	n := len(s)
	if n < 4 || s[n-3] != '_' || s[n-2] < '0' || s[n-2] > '9' || s[n-1] < '0' || s[n-1] > '9' {
		return false
	}
	return names[s[:n-3]]
}

// formatSchema compiles {"format": name} with the reference validator, so
// that both paths judge formats the same way.
func (fc *fastCompiler) formatSchema(name string) (*jsonschema.Schema, error) {
	if s, ok := fc.formats[name]; ok {
		return s, nil
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	u := BaseURL + "format/" + url.PathEscape(name) + ".json"
	if err := c.AddResource(u, map[string]any{"format": name}); err != nil {
		return nil, err
	}
	s, err := c.Compile(u)
	if err != nil {
		return nil, err
	}
	fc.formats[name] = s
	return s, nil
}
