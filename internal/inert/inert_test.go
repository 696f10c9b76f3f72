package inert

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	tests := []struct{ name, in, line, block string }{
		{"plain", "/a: must be >= 0", "/a: must be >= 0", "/a: must be >= 0"},
		{"unicode kept", "¿Seguro? 🙂 日本", "¿Seguro? 🙂 日本", "¿Seguro? 🙂 日本"},
		{"escape sequence", "x\x1b[2Jy", `x\u001b[2Jy`, `x\u001b[2Jy`},
		{"newline and tab", "a\nb\tc", `a\u000ab\u0009c`, "a\nb\tc"},
		{"carriage return", "ok\rFAIL", `ok\u000dFAIL`, `ok\u000dFAIL`},
		{"bidi override", "a\u202eb", `a\u202eb`, `a\u202eb`},
		{"bidi embeddings and isolates", "\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069", `\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069`, `\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069`},
		{"marks and zero width", "\u200e\u200f\u061c\u200b\ufeff", `\u200e\u200f\u061c\u200b\ufeff`, `\u200e\u200f\u061c\u200b\ufeff`},
		{"C1 control and DEL", "a\u009bb\x7f", `a\u009bb\u007f`, `a\u009bb\u007f`},
		{"line separator", "a\u2028b\u2029", `a\u2028b\u2029`, `a\u2028b\u2029`},
		{"tag beyond the BMP", "a\U000E0041", `a\U000e0041`, `a\U000e0041`},
		{"invalid UTF-8", "a\xffb\xc3", "a\uFFFDb\uFFFD", "a\uFFFDb\uFFFD"},
		{"replacement kept", "a\uFFFDb", "a\uFFFDb", "a\uFFFDb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := String(tc.in); have != tc.line {
				t.Errorf("String: have %q, want %q", have, tc.line)
			}
			if have := Block(tc.in); have != tc.block {
				t.Errorf("Block: have %q, want %q", have, tc.block)
			}
			if Clean(tc.in) != (tc.in == tc.line) {
				t.Errorf("Clean(%q) = %v", tc.in, Clean(tc.in))
			}
		})
	}
}

func TestJSON(t *testing.T) {
	type doc struct {
		A string         `json:"a"`
		B map[string]any `json:"b"`
	}
	in := doc{A: "x\u202ey\x1b[31m\u2066", B: map[string]any{"k\u200f": []any{"\U000E0041", 1.5, "é"}}}
	enc, _ := json.MarshalIndent(in, "", "  ")
	// Invalid bytes as a RawMessage copied from an agent would hold them.
	enc = []byte(strings.Replace(string(enc), "é", "\xff\xfe", 1))
	out := JSON(enc)
	if !utf8.Valid(out) || !json.Valid(out) {
		t.Fatalf("not valid UTF-8 JSON:\n%s", out)
	}
	for _, r := range string(out) {
		if r > 0x7e && Unsafe(r) || r == 0x1b {
			t.Fatalf("raw %U left:\n%s", r, out)
		}
	}
	var back doc
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if back.A != in.A || back.B["k\u200f"].([]any)[0] != "\U000E0041" || back.B["k\u200f"].([]any)[2] != "\uFFFD\uFFFD" {
		t.Errorf("value changed: %#v", back)
	}
	if !strings.Contains(string(out), "\n  ") {
		t.Errorf("indentation lost:\n%s", out)
	}
	clean := []byte(`{"a":"plain é"}`)
	if got := JSON(clean); &got[0] != &clean[0] {
		t.Error("clean JSON was copied")
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"", "a\u202eb", "x\x1b[2J", "\xff\xfe", "a\nb", "\U000E0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{String(s), Block(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q", s)
			}
			for _, r := range out {
				if Unsafe(r) && r != '\n' && r != '\t' {
					t.Fatalf("unsafe %U out of %q", r, s)
				}
			}
		}
		if !Clean(String(s)) {
			t.Fatalf("String(%q) is not clean", s)
		}
	})
}

func FuzzJSON(f *testing.F) {
	f.Add(`{"a":"\u202e"}`, "\xff")
	f.Fuzz(func(t *testing.T, s, raw string) {
		b, err := json.Marshal(map[string]any{"s": s})
		if err != nil {
			return
		}
		// Splice raw bytes into the string as a copied RawMessage could.
		b = append(b[:len(b)-2], append([]byte(strings.NewReplacer(`"`, "", `\`, "").Replace(raw)), `"}`...)...)
		if !json.Valid(b) {
			return
		}
		out := JSON(b)
		if !utf8.Valid(out) || !json.Valid(out) {
			t.Fatalf("JSON(%q) = %q", b, out)
		}
	})
}

func TestWriter(t *testing.T) {
	in := "<pre>ok\n\ta\u202eb \x1b[2J \xff é 🙂\r</pre>"
	want := "<pre>ok\n\ta\\u202eb \\u001b[2J \uFFFD é 🙂\\u000d</pre>"
	// Every split of the input into two writes gives the same output.
	for cut := 0; cut <= len(in); cut++ {
		var b strings.Builder
		w := NewWriter(&b, TextMode)
		w.Write([]byte(in[:cut]))
		w.Write([]byte(in[cut:]))
		w.Close()
		if b.String() != want {
			t.Fatalf("cut %d: have %q, want %q", cut, b.String(), want)
		}
		if w.Replaced != 1 {
			t.Fatalf("cut %d: %d bytes replaced, want 1", cut, w.Replaced)
		}
	}
	var b strings.Builder
	w := NewWriter(&b, TextMode)
	w.Write([]byte("a\xc3"))
	w.Close()
	if b.String() != "a\uFFFD" {
		t.Errorf("truncated rune at close: %q", b.String())
	}
	b.Reset()
	w = NewWriter(&b, JSONMode)
	w.Write([]byte("{\"a\":\"x\xe2\x80"))
	w.Write([]byte("\xaey\xff\"}\n"))
	if b.String() != `{"a":"x\u202ey\ufffd"}`+"\n" {
		t.Errorf("JSON mode: %q", b.String())
	}
}
