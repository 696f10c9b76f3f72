package certifyside

import "testing"

func TestKey(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"move", `{"type":"move","turn":4}`, ""},
		{"decision", `{"observationVersion":41}`, "41"},
		{"based on", `{"basedOnVersion":7}`, "7"},
		{"neither", `{"x":1}`, ""},
		{"not json", `nope`, ""},
		{"wrong type", `{"turn":"4","observationVersion":"41"}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := baKey([]byte(tc.line)); have != tc.want {
				t.Errorf("baKey: have %q, want %q", have, tc.want)
			}
			var m decisionMemo
			if have := m.key([]byte(tc.line)); have != tc.want {
				t.Errorf("decisionMemo.key: have %q, want %q", have, tc.want)
			}
		})
	}
}

// FuzzKey: the key of any answer is read without a panic.
func FuzzKey(f *testing.F) {
	for _, s := range []string{`{"seat":1,"actionId":"end_play","commandId":"c","observationVersion":2}`, `[]`, `{"observationVersion":1e999}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = baKey(b)
		_, _ = readBARequest(b)
	})
}
