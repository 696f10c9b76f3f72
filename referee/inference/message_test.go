package inference

import (
	"strings"
	"testing"
)

func TestMessageCharsAtLeast(t *testing.T) {
	tests := []struct {
		name, s string
		want    int
	}{
		{"empty", "", 0},
		{"ASCII", strings.Repeat("a", 281), 281},
		{"precomposed", "\u00e9", 1},
		{"combining acute", "e\u0301", 1},
		{"three-byte letters", strings.Repeat("\u20ac", 3), 3},
		{"flag", "\U0001F1EB\U0001F1F7", 1},
		{"two flags", "\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 2},
		{"family ZWJ sequence", "\U0001F468\u200d\U0001F469\u200d\U0001F467", 1},
		{"skin tone", "\U0001F44D\U0001F3FD", 1},
		{"variation selector", "\u2764\ufe0f", 1},
		{"Hangul jamo", "\u1112\u1161\u11ab", 1},
		{"mixed", "ok e\u0301\U0001F44D\U0001F3FD!", 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := MessageCharsAtLeast(tc.s)
			if got != tc.want {
				t.Errorf("MessageCharsAtLeast(%q) = %d, want %d", tc.s, got, tc.want)
			}
			if cp := MessageCodePoints(tc.s); got > cp {
				t.Errorf("the bound %d exceeds the code points %d", got, cp)
			}
		})
	}
}
