package jsonw

import (
	"encoding/json"
	"testing"
)

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	tests := []struct{ name, s string }{
		{"plain", "I like my odds."},
		{"empty", ""},
		{"quotes and backslash", `say "hi" \ bye`},
		{"short escapes", "a\nb\rc\td\be\ff"},
		{"other control", "\x00\x01\x1f\x7f"},
		{"html", "<script>alert(1)</script> & co"},
		{"line separators", "a\u2028b\u2029c"},
		{"invalid utf-8", "ok\xff\xfebad\xc3"},
		{"multibyte", "héllo 世界 🎲"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, _ := json.Marshal(tc.s)
			if got := AppendString(nil, tc.s); string(got) != string(want) {
				t.Fatalf("AppendString(%q) = %s, want %s", tc.s, got, want)
			}
		})
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "<>&", "\u2028", "\xff", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); string(got[1:]) != string(want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got[1:], want)
		}
	})
}
