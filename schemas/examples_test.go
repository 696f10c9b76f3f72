package schemas

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	setOnce sync.Once
	setVal  *Set
	setErr  error
)

// testSet compiles the schemas once for the whole test binary.
func testSet(t testing.TB) *Set {
	t.Helper()
	setOnce.Do(func() { setVal, setErr = Compile() })
	if setErr != nil {
		t.Fatalf("Compile: %v", setErr)
	}
	return setVal
}

// TestDocumentExamples validates every example extracted from the rules
// documents and WIRE.md (testdata/examples/<game>/). A file <kind>.json or
// <kind>.<variant>.json is one message of that kind; a .jsonl file holds one
// message per line whose kind is detected.
func TestDocumentExamples(t *testing.T) {
	set := testSet(t)
	for _, game := range Games() {
		paths, err := filepath.Glob(filepath.Join("testdata", "examples", game, "*"))
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) == 0 {
			t.Fatalf("no examples for %s", game)
		}
		for _, p := range paths {
			name := filepath.Base(p)
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case strings.HasSuffix(name, ".jsonl"):
				sc := bufio.NewScanner(bytes.NewReader(data))
				sc.Buffer(nil, DefaultMaxBytes)
				line := 0
				for sc.Scan() {
					line++
					kind, vs := set.ValidateAuto(game, sc.Bytes())
					if len(vs) > 0 {
						t.Errorf("%s/%s:%d (%s): %v", game, name, line, kind, Err(vs))
					}
				}
				if line == 0 {
					t.Errorf("%s/%s: no lines", game, name)
				}
			case strings.HasSuffix(name, ".json"):
				kind, _, _ := strings.Cut(strings.TrimSuffix(name, ".json"), ".")
				if vs := set.Validate(game, kind, data); len(vs) > 0 {
					t.Errorf("%s/%s: %v", game, name, Err(vs))
				}
			}
		}
	}
}
