package schemas

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Violation is one way a message breaks its schema.
type Violation struct {
	// InstanceLocation is the JSON Pointer of the offending value in the
	// message ("" for the whole message).
	InstanceLocation string `json:"instanceLocation"`
	// KeywordLocation is the dereferenced location of the failing keyword,
	// relative to BaseURL, e.g.
	// "inference/defs.json#/$defs/player/properties/credits/minimum"; empty
	// when the message could not be parsed at all.
	KeywordLocation string `json:"keywordLocation"`
	// Keyword is the failing keyword, e.g. "minimum" or "required".
	Keyword string `json:"keyword,omitempty"`
	// Message says what is wrong, e.g. "must be >= 0".
	Message string `json:"message"`
	// Basis is what the violated shape rests on: "document" (the rules
	// documents' own shape, the default), "contract" (a pin of umpire's,
	// WIRE.md) or "reading" (an INTERPRETATIONS.md entry), from the
	// schemas' x-basis keyword; Ref names the pin or reading.
	Basis string `json:"basis,omitempty"`
	Ref   string `json:"ref,omitempty"`
}

// Binding reports whether the violation rests on the rules documents (so
// it keeps its level without --strict).
func (v Violation) Binding() bool { return v.Basis == "" || v.Basis == BasisDocument }

// String formats the violation as "/players/2/credits: must be >= 0 (minimum)".
func (v Violation) String() string {
	loc := v.InstanceLocation
	if loc == "" {
		loc = "(root)"
	}
	out := loc + ": " + v.Message
	if v.Keyword != "" {
		out += " (" + v.Keyword + ")"
	}
	if !v.Binding() {
		out += " [" + v.Basis
		if v.Ref != "" {
			out += ": " + v.Ref
		}
		out += "]"
	}
	return out
}

// run validates inst and flattens the error tree into violations, each
// with its basis (x-basis).
func (s *Set) run(sch *jsonschema.Schema, inst any) []Violation {
	err := sch.Validate(inst)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []Violation{{Message: err.Error()}}
	}
	var out []Violation
	s.collect(ve, basisInfo{}, &out)
	return out
}

// collect appends the leaves of the error tree. For anyOf/oneOf it drops the
// branches that failed only because the value has another type, when some
// branch failed for a deeper reason (that branch is the one the value meant);
// when every branch failed on type, it reports one type violation.
func (s *Set) collect(e *jsonschema.ValidationError, cur basisInfo, out *[]Violation) {
	if b, ok := s.basisWithin(e.SchemaURL); ok {
		cur = b
	}
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		var deep []*jsonschema.ValidationError
		var wants []string
		var got string
		for _, c := range e.Causes {
			if t, ok := typeOnly(c); ok {
				wants = append(wants, t.Want...)
				got = t.Got
				continue
			}
			deep = append(deep, c)
		}
		if len(deep) == 0 && len(wants) > 0 {
			*out = append(*out, Violation{
				InstanceLocation: pointer(e.InstanceLocation),
				KeywordLocation:  keywordLocation(e),
				Keyword:          "type",
				Message:          fmt.Sprintf("got %s, want %s", got, strings.Join(dedupe(wants), " or ")),
				Basis:            basisName(cur),
				Ref:              cur.ref,
			})
			return
		}
		if len(deep) > 0 {
			for _, c := range deep {
				s.collect(c, cur, out)
			}
			return
		}
	}
	if _, ok := e.ErrorKind.(*kind.Contains); ok || len(e.Causes) == 0 {
		v := leaf(e)
		b := s.leafBasis(e, cur)
		v.Basis, v.Ref = basisName(b), b.ref
		*out = append(*out, v)
		return
	}
	for _, c := range e.Causes {
		s.collect(c, cur, out)
	}
}

// basisName is the Basis field of a violation: empty for the documents.
func basisName(b basisInfo) string {
	if b.basis == BasisDocument {
		return ""
	}
	return b.basis
}

// typeOnly reports whether a branch failed with a single type error at the
// branch's own instance location (following $ref wrappers).
func typeOnly(e *jsonschema.ValidationError) (*kind.Type, bool) {
	for {
		if t, ok := e.ErrorKind.(*kind.Type); ok && len(e.Causes) == 0 {
			return t, true
		}
		if len(e.Causes) != 1 {
			return nil, false
		}
		c := e.Causes[0]
		if len(c.InstanceLocation) != len(e.InstanceLocation) {
			return nil, false
		}
		e = c
	}
}

func dedupe(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// keywordPath is the error's keyword path; the library leaves "not" out.
func keywordPath(k jsonschema.ErrorKind) []string {
	if _, ok := k.(*kind.Not); ok {
		return []string{"not"}
	}
	return k.KeywordPath()
}

func leaf(e *jsonschema.ValidationError) Violation {
	kw := ""
	if p := keywordPath(e.ErrorKind); len(p) > 0 {
		kw = p[0]
	}
	return Violation{
		InstanceLocation: pointer(e.InstanceLocation),
		KeywordLocation:  keywordLocation(e),
		Keyword:          kw,
		Message:          describe(e.ErrorKind),
	}
}

func keywordLocation(e *jsonschema.ValidationError) string {
	loc := e.SchemaURL + pointer(keywordPath(e.ErrorKind))
	return strings.TrimPrefix(loc, BaseURL)
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// describe words the common keywords the way umpire prints them; the rest
// use the library's own sentence.
func describe(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Minimum:
		return "must be >= " + num(k.Want)
	case *kind.Maximum:
		return "must be <= " + num(k.Want)
	case *kind.ExclusiveMinimum:
		return "must be > " + num(k.Want)
	case *kind.ExclusiveMaximum:
		return "must be < " + num(k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("must have at least %d characters, has %d", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("must have at most %d characters, has %d", k.Want, k.Got)
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items, has %d", k.Want, k.Got)
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %d items, has %d", k.Want, k.Got)
	case *kind.Required:
		return "missing required " + quoteAll(k.Missing)
	case *kind.Pattern:
		return fmt.Sprintf("%q does not match %s", k.Got, k.Want)
	case *kind.Enum:
		if len(k.Want) <= 6 {
			want := make([]string, len(k.Want))
			for i, w := range k.Want {
				want[i] = display(w)
			}
			return fmt.Sprintf("got %s, want one of %s", display(k.Got), strings.Join(want, ", "))
		}
		return fmt.Sprintf("got %s, which is not one of the %d allowed values", display(k.Got), len(k.Want))
	case *kind.Const:
		return fmt.Sprintf("got %s, want %s", display(k.Got), display(k.Want))
	case *kind.Contains:
		return "no item has the required shape"
	case *kind.Not:
		return "must not match the forbidden shape"
	case *kind.FalseSchema:
		return "not allowed here"
	}
	return k.LocalizedString(message.NewPrinter(language.English))
}

// display shows an instance value as compact JSON (so control characters
// come out escaped), shortened to 60 bytes.
func display(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 60 {
		n := 57
		for n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
		return string(b[:n]) + "..."
	}
	return string(b)
}

func num(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(3)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	if len(q) == 1 {
		return "property " + q[0]
	}
	return "properties " + strings.Join(q, ", ")
}
