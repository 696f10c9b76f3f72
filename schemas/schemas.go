package schemas

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/tidwall/gjson"
)

// BaseURL is the prefix of every schema's $id; a schema of game G and kind K
// has the $id BaseURL + G + "/" + K + ".json".
const BaseURL = "https://umpire-arena.github.io/schemas/"

// DefaultMaxBytes is the default cap on the size of one message (1 MiB, the
// limit both sides of the wire accept).
const DefaultMaxBytes = 1 << 20

// MaxDepth is the deepest nesting of objects and arrays a message may have
// (the messages of both games nest a few levels). A deeper message is one
// violation, found by a scan that costs no memory, before any parser's
// recursion could grow with the depth.
const MaxDepth = 512

// defsKind names the shared-definitions file of a game; it is not a kind.
const defsKind = "defs"

// Every folder holding a detect.json is a game's (Games); the pattern names
// no game.
//
//go:embed */*.json
var files embed.FS

// Files returns the embedded schema files (paths "<game>/<kind>.json"), for
// tools that want to hand the same schemas to another validator; each
// game's detect.json, which is no schema, is left out.
func Files() fs.FS { return schemaFiles{files} }

// schemaFiles is the embedded files without the detect.json files.
type schemaFiles struct{ fsys embed.FS }

func (s schemaFiles) Open(name string) (fs.File, error) {
	if path.Base(name) == detectFile {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return s.fsys.Open(name)
}

func (s schemaFiles) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := s.fsys.ReadDir(name)
	return slices.DeleteFunc(es, func(e fs.DirEntry) bool { return e.Name() == detectFile }), err
}

// Set is a compiled set of schemas for both games. Build it once with
// Compile and reuse it; it is safe for concurrent use.
type Set struct {
	schemas  map[string]map[string]*jsonschema.Schema
	fast     map[string]map[string]*fnode // nil entry: reference path only
	keys     map[string]keyInfo
	parsers  sync.Pool // *fparser
	maxBytes int
	// bases maps the schema locations that carry x-basis to it.
	bases map[string]basisInfo
}

// Option configures Compile.
type Option func(*Set)

// WithMaxBytes sets the size cap of one message; n <= 0 keeps the default.
func WithMaxBytes(n int) Option {
	return func(s *Set) {
		if n > 0 {
			s.maxBytes = n
		}
	}
}

// Compile loads and compiles every embedded schema.
func Compile(opts ...Option) (*Set, error) {
	s := &Set{schemas: map[string]map[string]*jsonschema.Schema{}, fast: map[string]map[string]*fnode{}, maxBytes: DefaultMaxBytes, bases: map[string]basisInfo{}}
	fc := newFastCompiler()
	for _, o := range opts {
		o(s)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	for _, game := range Games() {
		names, err := fs.Glob(Files(), game+"/*.json")
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			raw, err := files.ReadFile(name)
			if err != nil {
				return nil, err
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err != nil {
				return nil, fmt.Errorf("schemas: %s: %w", name, err)
			}
			if err := c.AddResource(BaseURL+name, doc); err != nil {
				return nil, fmt.Errorf("schemas: %s: %w", name, err)
			}
			fc.docs[BaseURL+name] = doc
			collectBases(BaseURL+name, doc, "", s.bases)
		}
	}
	for _, game := range Games() {
		s.schemas[game] = map[string]*jsonschema.Schema{}
		s.fast[game] = map[string]*fnode{}
		for _, kind := range Kinds(game) {
			sch, err := c.Compile(BaseURL + game + "/" + kind + ".json")
			if err != nil {
				return nil, fmt.Errorf("schemas: compile %s %s: %w", game, kind, err)
			}
			s.schemas[game][kind] = sch
			// The fast path is an accelerator: a schema it cannot compile
			// is validated by the reference path alone.
			if fn, err := fc.compile(SchemaURL(game, kind)); err == nil {
				s.fast[game][kind] = fn
			}
		}
	}
	fc.finalize()
	s.keys = fc.keys
	s.parsers.New = func() any { return &fparser{keys: s.keys} }
	return s, nil
}

// MaxBytes returns the size cap of one message.
func (s *Set) MaxBytes() int { return s.maxBytes }

// Games lists the games that have schemas: the folders of the embedded
// files that hold a detect.json (a game's schemas are
// schemas/<game>/*.json), sorted.
func Games() []string {
	var out []string
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		if _, err := fs.Stat(files, path.Join(e.Name(), detectFile)); e.IsDir() && err == nil {
			out = append(out, e.Name())
		}
	}
	return out
}

// Kinds lists the message kinds of game, sorted; nil for an unknown game.
func Kinds(game string) []string {
	if !slices.Contains(Games(), game) {
		return nil
	}
	names, _ := fs.Glob(Files(), game+"/*.json")
	var kinds []string
	for _, n := range names {
		k := strings.TrimSuffix(path.Base(n), ".json")
		if k != defsKind {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	return kinds
}

// HasKind reports whether game has a schema for kind.
func HasKind(game, kind string) bool {
	return slices.Contains(Kinds(game), kind)
}

// SchemaURL returns the $id of the schema for game and kind.
func SchemaURL(game, kind string) string { return BaseURL + game + "/" + kind + ".json" }

// Validate checks one JSON message of the given game and kind. It returns
// nil when the message is valid. Empty input, invalid or truncated JSON,
// trailing data, a message over the size cap and an unknown game or kind
// each give one violation with an empty KeywordLocation; it never panics.
func (s *Set) Validate(game, kind string, data []byte) []Violation {
	return s.ValidateWith(nil, game, kind, data)
}

// ValidateWith is Validate with a Memo of the stream data belongs to (nil:
// none): the parts of data the memo holds as valid for the schema that
// applies there are not read again. The result is the same as Validate's.
func (s *Set) ValidateWith(memo *Memo, game, kind string, data []byte) []Violation {
	sch, v := s.lookup(game, kind)
	if v != nil {
		return v
	}
	if len(data) > s.maxBytes {
		return []Violation{{Message: fmt.Sprintf("message of %d bytes exceeds the cap of %d bytes", len(data), s.maxBytes)}}
	}
	// The fast path reads at most maxFastDepth levels (twice that through
	// a memo), far less than MaxDepth: a message it accepts is never too
	// deep, and the depth scan runs only on the way to the reference.
	if s.fastValidWith(memo, game, kind, data) {
		return nil
	}
	if v := depthViolation(data); v != nil {
		return v
	}
	return s.reference(sch, data)
}

// fastValid reports whether the fast path accepts data; false means invalid
// or not sure, and the reference path decides.
func (s *Set) fastValid(game, kind string, data []byte) bool {
	return s.fastValidWith(nil, game, kind, data)
}

// fastValidWith is fastValid through memo (nil: none). A verdict that
// needed the contents of a container the memo let it skip is discarded,
// and data is read again in full.
func (s *Set) fastValidWith(memo *Memo, game, kind string, data []byte) (valid bool) {
	fn := s.fast[game][kind]
	if fn == nil || len(data) > math.MaxInt32 {
		return false
	}
	p := s.parsers.Get().(*fparser)
	defer func() {
		// A fault in the accelerator must never take a message down: the
		// reference path then decides.
		if recover() != nil {
			valid = false
			return
		}
		p.data, p.memo = nil, nil
		s.parsers.Put(p)
	}()
	p.memo, p.lookups = memo, memo != nil
	p.reset(data)
	if p.parse() != nil {
		return false
	}
	valid = fn.ok(p, 0)
	if p.unsure {
		p.lookups = false
		p.reset(data)
		if p.parse() != nil {
			return false
		}
		valid = fn.ok(p, 0)
	}
	if memo != nil {
		memo.learn(p)
	}
	return valid
}

// reference validates data with the reference validator and explains every
// violation.
func (s *Set) reference(sch *jsonschema.Schema, data []byte) []Violation {
	inst, err := decode(data)
	if err != nil {
		return []Violation{{Message: err.Error()}}
	}
	return s.run(sch, inst)
}

// ValidateValue marshals v to JSON and validates it as Validate does. It
// is the helper for tests that check what the referees emit.
func (s *Set) ValidateValue(game, kind string, v any) []Violation {
	data, err := json.Marshal(v)
	if err != nil {
		return []Violation{{Message: "cannot marshal value: " + err.Error()}}
	}
	return s.Validate(game, kind, data)
}

// ValidateAuto detects the kind of data (see Detect) and validates it. A
// message whose kind cannot be detected gives one violation and kind "".
func (s *Set) ValidateAuto(game string, data []byte) (kind string, vs []Violation) {
	if len(data) > s.maxBytes {
		return "", []Violation{{Message: fmt.Sprintf("message of %d bytes exceeds the cap of %d bytes", len(data), s.maxBytes)}}
	}
	if v := depthViolation(data); v != nil {
		return "", v
	}
	kind, err := Detect(game, data)
	if err != nil {
		if _, derr := decode(data); derr != nil {
			err = derr // says what is wrong with the JSON
		}
		return "", []Violation{{Message: err.Error()}}
	}
	return kind, s.Validate(game, kind, data)
}

func (s *Set) lookup(game, kind string) (*jsonschema.Schema, []Violation) {
	kinds, ok := s.schemas[game]
	if !ok {
		return nil, []Violation{{Message: fmt.Sprintf("unknown game %q", game)}}
	}
	sch, ok := kinds[kind]
	if !ok {
		return nil, []Violation{{Message: fmt.Sprintf("unknown kind %q for game %s", kind, game)}}
	}
	return sch, nil
}

// decode parses one JSON value with numbers kept exact (json.Number), as the
// validator expects, and rejects empty input and trailing data.
func decode(data []byte) (any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty input: want one JSON value")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, errors.New("invalid JSON: truncated input")
		}
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid JSON: data after the value at byte %d", dec.InputOffset())
	}
	return v, nil
}

// Err turns violations into an error listing them (nil when there are none),
// for tests: if err := schemas.Err(set.ValidateValue(...)); err != nil { ... }.
func Err(vs []Violation) error {
	if len(vs) == 0 {
		return nil
	}
	return &Error{Violations: vs}
}

// Error is the error Err returns.
type Error struct {
	Violations []Violation
}

// Error lists the violations, one per line.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d schema violation(s):", len(e.Violations))
	for _, v := range e.Violations {
		b.WriteString("\n  ")
		b.WriteString(v.String())
	}
	return b.String()
}

// ValidJSON reports whether data is one valid JSON value nested at most
// MaxDepth levels deep. Use it, not gjson.ValidBytes, on what a peer sent:
// the depth is checked first, in a loop, because gjson's validation
// recurses once per level and a few MiB of "[" overflow the stack.
func ValidJSON(data []byte) bool {
	return depthViolation(data) == nil && gjson.ValidBytes(data)
}

// TooDeep reports whether data nests objects and arrays deeper than
// MaxDepth (a scan in a loop, whatever the depth; data need not be valid
// JSON). A command reading one message says so instead of handing it to a
// parser whose own limit and error differ.
func TooDeep(data []byte) bool { return depthViolation(data) != nil }

// depthViolation is the violation of a message nested deeper than
// MaxDepth, or nil. It follows strings so that brackets inside them do not
// count; it does not check the JSON otherwise.
func depthViolation(data []byte) []Violation {
	depth, inStr, esc := 0, false, false
	for _, c := range data {
		switch {
		case inStr && esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case inStr && c == '"':
			inStr = false
		case inStr:
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			if depth++; depth > MaxDepth {
				return []Violation{{Message: fmt.Sprintf("message nested deeper than %d levels", MaxDepth)}}
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}
