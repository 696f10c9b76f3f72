package schemas

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// corpusMessage is one line of testdata/corpus/<game>.jsonl (each game
// brings its own file).
type corpusMessage struct {
	game, kind string
	data       []byte
}

// loadCorpus reads the generated corpus (see bench/gen_corpus.py).
func loadCorpus(t testing.TB) []corpusMessage {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusMessage
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, DefaultMaxBytes)
		for sc.Scan() {
			r := gjson.ParseBytes(sc.Bytes())
			out = append(out, corpusMessage{r.Get("game").Str, r.Get("kind").Str, []byte(r.Get("message").Raw)})
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if len(out) == 0 {
		t.Fatal("empty corpus")
	}
	return out
}

// TestCorpus validates every corpus message against its kind and checks that
// Detect finds that kind (MCP payloads need an explicit kind).
func TestCorpus(t *testing.T) {
	set := testSet(t)
	kinds := map[string]bool{}
	for i, m := range loadCorpus(t) {
		kinds[m.game+" "+m.kind] = true
		if vs := set.Validate(m.game, m.kind, m.data); len(vs) > 0 {
			t.Errorf("line %d %s %s: %v", i+1, m.game, m.kind, Err(vs))
		}
		if strings.HasPrefix(m.kind, "mcp_") {
			continue
		}
		got, err := Detect(m.game, m.data)
		if err != nil || got != m.kind {
			t.Errorf("line %d: Detect(%s) = %q, %v; want %q", i+1, m.game, got, err, m.kind)
		}
	}
	for _, game := range Games() {
		for _, k := range Kinds(game) {
			if k == "log_line" {
				continue
			}
			if !kinds[game+" "+k] {
				t.Errorf("corpus has no %s %s message", game, k)
			}
		}
	}
}
