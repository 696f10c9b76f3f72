package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Value returns v in the form a finding's Expected or Got keeps: raw bytes
// ([]byte, json.RawMessage) that hold JSON become a json.RawMessage of that
// JSON, other bytes a string; everything else is returned as it is. Without
// it a []byte prints as a list of numbers with %v and marshals as base64.
func Value(v any) any {
	var b []byte
	switch x := v.(type) {
	case json.RawMessage:
		b = x
	case []byte:
		b = x
	default:
		return v
	}
	t := bytes.TrimSpace(b)
	if len(t) > 0 && json.Valid(t) {
		return json.RawMessage(append([]byte(nil), t...))
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// ValueText renders an expected or got value for people, the one way every
// writer and console shows them: nil as "nothing", a string as it is, JSON
// bytes as that JSON (compacted), anything else as compact JSON with HTML
// characters left as they are; a value JSON cannot encode falls back to
// its Go form.
func ValueText(v any) string {
	v = Value(v)
	switch x := v.(type) {
	case nil:
		return "nothing"
	case string:
		return x
	case json.RawMessage:
		var b bytes.Buffer
		if json.Compact(&b, x) == nil {
			return b.String()
		}
		return string(x)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
