package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBangArenaXBasisAnnotations: the BangArena schema properties whose
// shape only WIRE.md pins (not the rules document) carry "x-basis":
// "contract" with an x-ref naming their WIRE.md item, and nothing else is
// annotated; the fast path ignores the two keywords (they assert nothing).
func TestBangArenaXBasisAnnotations(t *testing.T) {
	want := map[string]int{"observation.json": 2, "defs.json": 9, "decision_answer.json": 5, "error.json": 1, "event.json": 26}
	paths, err := filepath.Glob(filepath.Join("bangarena", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		n := 0
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch x := v.(type) {
			case map[string]any:
				if basis, ok := x["x-basis"]; ok {
					n++
					ref, _ := x["x-ref"].(string)
					if basis != "contract" || !strings.HasPrefix(ref, "WIRE.md ") {
						t.Errorf("%s %s: x-basis %v, x-ref %q; want contract and a WIRE.md item", p, at, basis, ref)
					}
				} else if _, ok := x["x-ref"]; ok {
					t.Errorf("%s %s: x-ref without x-basis", p, at)
				}
				for k, c := range x {
					walk(c, at+"/"+k)
				}
			case []any:
				for _, c := range x {
					walk(c, at+"/[]")
				}
			}
		}
		walk(doc, "")
		if n != want[filepath.Base(p)] {
			t.Errorf("%s: %d x-basis annotations, want %d", p, n, want[filepath.Base(p)])
		}
	}
	for _, kw := range []string{"x-basis", "x-ref"} {
		if !ignoredKeyword(kw) {
			t.Errorf("the fast path does not ignore %s", kw)
		}
	}
}
