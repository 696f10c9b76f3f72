package schemas

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mutation breaks one constraint of a valid fixture.
type mutation struct {
	name string
	game string
	kind string
	// base is the fixture path under testdata (default valid/<game>/<kind>.json);
	// inline, when set, is the base message itself.
	base   string
	inline string
	set    map[string]any // JSON Pointer -> new value
	del    []string       // JSON Pointers to remove
	// wantInstance and wantKeyword locate the violation; wantCount is the
	// number of violations (default 1).
	wantInstance string
	wantKeyword  string
	wantCount    int
}

// exampleDR is the decision request of the BangArena document's example.
var exampleDR = "examples/bangarena/decision_request.json"

// negativeCase is one mutation as testdata/negative/<game>.json writes it
// (the game is the file's name): each game brings its own cases with its
// schema folder, and no Go edit here.
type negativeCase struct {
	Name         string         `json:"name"`
	Kind         string         `json:"kind"`
	Base         string         `json:"base"`
	Inline       string         `json:"inline"`
	Set          map[string]any `json:"set"`
	Del          []string       `json:"del"`
	WantInstance string         `json:"wantInstance"`
	WantKeyword  string         `json:"wantKeyword"`
	WantCount    int            `json:"wantCount"`
}

// negativeCases reads every game's mutations from testdata/negative, in
// the order of the files' names and of each file. Numbers keep their
// literal text (json.Number), so a mutation sets exactly what it says.
func negativeCases(t testing.TB) []mutation {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "negative", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no negative cases in testdata/negative (%v)", err)
	}
	var out []mutation
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		dec.DisallowUnknownFields()
		var cases []negativeCase
		if err := dec.Decode(&cases); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		game := strings.TrimSuffix(filepath.Base(p), ".json")
		for _, c := range cases {
			if c.Name == "" || c.Kind == "" || c.WantKeyword == "" {
				t.Fatalf("%s: case %q lacks a name, kind or wantKeyword", p, c.Name)
			}
			out = append(out, mutation{name: c.Name, game: game, kind: c.Kind, base: c.Base, inline: c.Inline, set: c.Set, del: c.Del,
				wantInstance: c.WantInstance, wantKeyword: c.WantKeyword, wantCount: c.WantCount})
		}
	}
	return out
}

// TestEveryKindHasNegativeCases keeps the table complete.
func TestEveryKindHasNegativeCases(t *testing.T) {
	have := map[string]bool{}
	for _, tc := range negativeCases(t) {
		have[tc.game+" "+tc.kind] = true
	}
	for _, game := range Games() {
		for _, k := range Kinds(game) {
			if !have[game+" "+k] {
				t.Errorf("no negative case for %s %s", game, k)
			}
		}
	}
}

// TestNegative breaks one constraint of a valid message per case and checks
// where the violation is reported; the unbroken base must be valid.
func TestNegative(t *testing.T) {
	set := testSet(t)
	for _, tc := range negativeCases(t) {
		t.Run(tc.game+"/"+tc.kind+"/"+tc.name, func(t *testing.T) {
			base := []byte(tc.inline)
			if tc.inline == "" {
				p := tc.base
				if p == "" {
					p = filepath.Join("valid", tc.game, tc.kind+".json")
				}
				var err error
				if base, err = os.ReadFile(filepath.Join("testdata", p)); err != nil {
					t.Fatal(err)
				} else if vs := set.Validate(tc.game, tc.kind, base); len(vs) > 0 {
					t.Fatalf("base fixture is invalid: %v", Err(vs))
				}
			}
			data := mutate(t, base, tc.set, tc.del)
			vs := set.Validate(tc.game, tc.kind, data)
			want := tc.wantCount
			if want == 0 {
				want = 1
			}
			if len(vs) != want {
				t.Errorf("have %d violations, want %d: %v", len(vs), want, Err(vs))
			}
			for _, v := range vs {
				if v.InstanceLocation == tc.wantInstance && v.KeywordLocation == tc.wantKeyword {
					return
				}
			}
			t.Errorf("want a violation at %q by %q; have %+v", tc.wantInstance, tc.wantKeyword, vs)
		})
	}
}

// mutate applies set and del (JSON Pointers) to the JSON document base.
func mutate(t *testing.T, base []byte, set map[string]any, del []string) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(base))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("base: %v", err)
	}
	for p, v := range set {
		doc = apply(t, doc, splitPointer(p), v, false)
	}
	for _, p := range del {
		doc = apply(t, doc, splitPointer(p), nil, true)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func splitPointer(p string) []string {
	toks := strings.Split(p, "/")[1:]
	for i, s := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return toks
}

func apply(t *testing.T, node any, toks []string, v any, remove bool) any {
	t.Helper()
	if len(toks) == 0 {
		return v
	}
	switch n := node.(type) {
	case map[string]any:
		if len(toks) == 1 {
			if remove {
				delete(n, toks[0])
			} else {
				n[toks[0]] = v
			}
			return n
		}
		n[toks[0]] = apply(t, n[toks[0]], toks[1:], v, remove)
		return n
	case []any:
		if toks[0] == "-" && len(toks) == 1 && !remove {
			return append(n, v)
		}
		i, err := strconv.Atoi(toks[0])
		if err != nil || i < 0 || i >= len(n) {
			t.Fatalf("bad array index %q", toks[0])
		}
		if len(toks) == 1 {
			if remove {
				return append(n[:i:i], n[i+1:]...)
			}
			n[i] = v
			return n
		}
		n[i] = apply(t, n[i], toks[1:], v, remove)
		return n
	}
	t.Fatalf("cannot descend into %T at %q", node, toks[0])
	return nil
}
