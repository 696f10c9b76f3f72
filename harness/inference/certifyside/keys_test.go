package certifyside

import "testing"

func TestKey(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"move", `{"type":"move","turn":4}`, "4"},
		{"decision", `{"observationVersion":41}`, ""},
		{"neither", `{"x":1}`, ""},
		{"not json", `nope`, ""},
		{"wrong type", `{"turn":"4","observationVersion":"41"}`, ""},
		{"repeated turn, the last read as the move is", `{"type":"move","turn":4,"turn":5}`, "5"},
		{"turn beyond 2^53", `{"turn":9007199254740993}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := infKey([]byte(tc.line)); have != tc.want {
				t.Errorf("infKey: have %q, want %q", have, tc.want)
			}
		})
	}
}

// FuzzKey: the key of any answer is read without a panic.
func FuzzKey(f *testing.F) {
	for _, s := range []string{`{"type":"move","turn":1,"action":"raise","amount":3}`, `[]`, `{"turn":1e999}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = infKey(b)
		_ = splitLines(b)
	})
}
