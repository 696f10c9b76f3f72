package schemas

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// jsonDepth is the nesting depth of valid JSON data, counted with the
// standard decoder's tokens (no recursion of its own).
func jsonDepth(data []byte) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	depth, most := 0, 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return most
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			most = max(most, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}

// FuzzValidJSON: ValidJSON agrees with encoding/json.Valid on every input
// nested at most MaxDepth deep, rejects every deeper one, and never
// recurses per level (the seeds hold a million unclosed '[': a recursive
// validator overflows the stack on them, a fatal error no recover
// catches).
func FuzzValidJSON(f *testing.F) {
	for _, dir := range []string{"valid", "examples"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*", "*.json"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil && len(data) < 8192 {
				f.Add(data)
			}
		}
	}
	deep := func(open, close string, n int) []byte {
		return append(bytes.Repeat([]byte(open), n), bytes.Repeat([]byte(close), n)...)
	}
	for _, s := range []string{
		``, ` `, `0`, `-0.0e+1`, `01`, `1.`, `"\u00"`, `"\ud800"`, "\"\xff\"", "\"\x01\"", `{"a":1,}`, `[1,]`,
		`{"a" 1}`, `{} {}`, `{} x`, `nul`, `true `, "\t[\n]\r", `{"[":"]"}`, `"\\\"["`, `]`, `}{`, `[}`,
	} {
		f.Add([]byte(s))
	}
	f.Add(bytes.Repeat([]byte("["), 1_000_000))
	f.Add(bytes.Repeat([]byte(`{"a":`), 100_000))
	f.Add(deep("[", "]", MaxDepth))
	f.Add(deep("[", "]", MaxDepth+1))
	f.Add(deep(`{"a":`, "}", MaxDepth))
	f.Add(append([]byte("]]]"), deep("[", "]", MaxDepth)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := ValidJSON(data)
		want := json.Valid(data)
		if want && jsonDepth(data) > MaxDepth {
			want = false
		}
		if got != want {
			t.Fatalf("ValidJSON(%.200q) = %v; encoding/json (depth at most %d) says %v", data, got, MaxDepth, want)
		}
		if TooDeep(data) && got {
			t.Fatalf("%.200q: too deep, yet valid", data)
		}
	})
}
