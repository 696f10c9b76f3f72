package schemas

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The basis keywords. A schema (most often a property's) may carry
// "x-basis": "contract" (or "reading") with an optional "x-ref" naming the
// pin or the reading ("WIRE.md Envelope", "I-INF-41"): a violation under it
// rests on that basis rather than on the rules documents, and umpire
// reports it at SHOULD unless the run is strict. Schemas without x-basis
// are the documents' own shapes. The innermost annotated schema on the path
// to a violation decides (an enclosing schema of the same file included:
// "x-basis": "document" inside a contract schema re-asserts the document
// for what it encloses); a missing required property takes the basis of
// that property's own schema when it names one.
const (
	basisKeyword = "x-basis"
	refKeyword   = "x-ref"
)

// Bases of a violation (the values of x-basis); BasisDocument is also what
// a violation without annotation rests on.
const (
	BasisDocument = "document"
	BasisReading  = "reading"
	BasisContract = "contract"
)

// basisInfo is the basis a schema location names.
type basisInfo struct{ basis, ref string }

// collectBases records every schema location (absolute URL with a JSON
// Pointer fragment, as jsonschema reports SchemaURL) that carries x-basis.
func collectBases(url string, node any, ptr string, out map[string]basisInfo) {
	switch n := node.(type) {
	case map[string]any:
		if b, ok := n[basisKeyword].(string); ok {
			ref, _ := n[refKeyword].(string)
			out[url+"#"+ptr] = basisInfo{b, ref}
		}
		for k, v := range n {
			if k == "const" || k == "enum" || k == "default" || k == "examples" {
				continue // values, not schemas
			}
			collectBases(url, v, ptr+"/"+escapeToken(k), out)
		}
	case []any:
		for i, v := range n {
			collectBases(url, v, ptr+"/"+itoa(i), out)
		}
	}
}

func escapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	return string(b[n:])
}

// basisOf returns the basis that holds at a SchemaURL: the one its schema
// names, else the one of the nearest enclosing schema of the same file that
// names one (ok false when none does). The validator's error tree skips the
// schemas between a failing keyword and the schema that applied it
// (allOf/N, then, properties/x), so an annotation on one of those is found
// by walking up the pointer, not by waiting for a node of its own.
func (s *Set) basisOf(schemaURL string) (basisInfo, bool) {
	if !strings.Contains(schemaURL, "#") {
		schemaURL += "#"
	}
	hash := strings.IndexByte(schemaURL, '#')
	for {
		if b, ok := s.bases[schemaURL]; ok {
			return b, true
		}
		i := strings.LastIndexByte(schemaURL, '/')
		if i <= hash {
			if schemaURL[hash+1:] == "" {
				return basisInfo{}, false
			}
			i = hash + 1 // the root of the file, "…#"
		}
		schemaURL = schemaURL[:i]
	}
}

// basisWithin returns the basis of the innermost annotated schema of the
// file that holds the schema at schemaURL, that schema included. The
// validator's error tree leaves out the schemas that only pass a failure
// on (a property, items, an allOf entry, if/then), so an annotation on one
// of them is found by walking up the location's JSON Pointer.
func (s *Set) basisWithin(schemaURL string) (basisInfo, bool) {
	if !strings.Contains(schemaURL, "#") {
		schemaURL += "#"
	}
	for {
		if b, ok := s.bases[schemaURL]; ok {
			return b, true
		}
		i := strings.LastIndexByte(schemaURL, '/')
		if i < 0 || i < strings.IndexByte(schemaURL, '#') {
			return basisInfo{}, false
		}
		schemaURL = schemaURL[:i]
	}
}

// leafBasis is the basis of a leaf error: a required property's own
// annotation (when every missing property names the same), else the
// innermost one on the path (cur).
func (s *Set) leafBasis(e *jsonschema.ValidationError, cur basisInfo) basisInfo {
	if r, ok := e.ErrorKind.(*kind.Required); ok && len(r.Missing) > 0 {
		var found *basisInfo
		for _, m := range r.Missing {
			b, ok := s.basisOf(e.SchemaURL + "/properties/" + escapeToken(m))
			if !ok || (found != nil && *found != b) {
				return cur
			}
			found = &b
		}
		return *found
	}
	return cur
}
