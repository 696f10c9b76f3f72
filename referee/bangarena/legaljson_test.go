package bangarena

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendLegalMatchesMarshal checks the reflection-free writer of
// legalActions against json.Marshal on shapes seeded play rarely or never
// reaches: nil and empty lists and maps, escaped text, nested maps, and
// value types the writer leaves to encoding/json.
func TestAppendLegalMatchesMarshal(t *testing.T) {
	cases := []struct {
		name  string
		items []LegalAction
	}{
		{"nil", nil},
		{"empty", []LegalAction{}},
		{"no args", []LegalAction{{ActionID: "end_play", Command: "end_play"}}},
		{"empty args", []LegalAction{{ActionID: "a", Command: "c", ArgsSchema: map[string]any{}}}},
		{"escaped", []LegalAction{{ActionID: "a<b>&\"\u2028", Command: "c\n", ArgsSchema: map[string]any{"k<": "v&", "b": true, "a": -3}}}},
		{"nested", []LegalAction{{ActionID: "steal", Command: "play_steal", ArgsSchema: map[string]any{
			"pick": map[string]any{"zone": "inPlay", "cardUid": "c-1"}, "cardUids": []string{"x", "y"}, "none": []string(nil), "m": map[string]any(nil)}}}},
		{"other types", []LegalAction{{ActionID: "a", Command: "c", ArgsSchema: map[string]any{"f": 1.5, "ints": []int{1, 2}, "nil": nil}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := json.Marshal(c.items)
			if err != nil {
				t.Fatal(err)
			}
			have, err := appendLegal([]byte("x"), c.items)
			if err != nil || !bytes.Equal(have, append([]byte("x"), want...)) {
				t.Fatalf("appendLegal: have %s (%v)\nwant x%s", have, err, want)
			}
		})
	}
}

// BenchmarkLegalJSON encodes the legalActions of the opening decision of
// a 6-seat game (BenchmarkLegal's list: a play phase with many items), as
// the request encoders do, against encoding/json.
func BenchmarkLegalJSON(b *testing.B) {
	g, _ := NewGame(Config{Seats: 6}, "bench-legal")
	seat, _ := g.Decider()
	items := g.Legal(seat)
	b.Run("append", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			var err error
			if buf, err = appendLegal(buf[:0], items); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(items); err != nil {
				b.Fatal(err)
			}
		}
	})
}
