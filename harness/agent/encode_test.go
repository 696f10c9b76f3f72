package agent

import (
	"encoding/json"
	"testing"
)

func TestEncodeOneLine(t *testing.T) {
	tests := []struct {
		name    string
		msg     any
		want    string
		wantErr bool
	}{
		{"one-line bytes pass unchanged", []byte(`{"type": "your_turn", "turn": 3}`), "{\"type\": \"your_turn\", \"turn\": 3}\n", false},
		{"multi-line JSON is compacted", json.RawMessage("{\n  \"a\": 1,\n  \"b\": [1, 2]\n}"), "{\"a\":1,\"b\":[1,2]}\n", false},
		{"carriage return is compacted", "{\"a\":\r\n1}", "{\"a\":1}\n", false},
		{"a value is marshalled", map[string]int{"turn": 2}, "{\"turn\":2}\n", false},
		{"invalid one-line JSON is refused", []byte(`{"a":`), "", true},
		{"invalid multi-line JSON is refused", "{\n\"a\":", "", true},
		{"verbatim one line passes unchecked", Verbatim(`{"a":1}`), "{\"a\":1}\n", false},
		{"verbatim with a line break is compacted", Verbatim("{\"a\":\n1}"), "{\"a\":1}\n", false},
		{"verbatim with a line break must be JSON", Verbatim("{\"a\":\n"), "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := encode(tc.msg)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("encode accepted %q as %q", tc.msg, got)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("encode = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}
