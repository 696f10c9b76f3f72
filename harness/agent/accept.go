package agent

import (
	"bytes"
	"encoding/json"
)

// FieldEquals returns an accept function for AskFunc that takes a line as
// the answer only when its top-level field has the given value (compared as
// JSON), e.g. FieldEquals("turn", 4) for an Inference move or
// FieldEquals("observationVersion", 41) for a BangArena decision. Late
// answers to an earlier request then land in Reply.Before instead of being
// taken for the answer. The line must be a JSON object.
func FieldEquals(field string, value any) func(Line) bool {
	want, err := json.Marshal(value)
	if err != nil {
		return func(Line) bool { return false }
	}
	return func(l Line) bool {
		var obj map[string]json.RawMessage
		if json.Unmarshal(l.Bytes, &obj) != nil {
			return false
		}
		got, ok := obj[field]
		if !ok {
			return false
		}
		var buf bytes.Buffer
		if json.Compact(&buf, got) != nil {
			return false
		}
		return bytes.Equal(buf.Bytes(), want)
	}
}
