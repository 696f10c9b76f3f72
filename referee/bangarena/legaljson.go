package bangarena

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/umpire-arena/umpire/referee/internal/jsonw"
)

// appendLegal appends the JSON encoding of items to b: the same bytes as
// json.Marshal(items), written without reflection (encoding/json sorts the
// keys of every argsSchema map through reflection, the bulk of a request's
// cost besides its events). A value of a type the writer does not know
// makes the whole list go through encoding/json.
func appendLegal(b []byte, items []LegalAction) ([]byte, error) {
	if items == nil {
		return append(b, "null"...), nil
	}
	start := len(b)
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		a := &items[i]
		b = append(b, `{"actionId":`...)
		b = jsonw.AppendString(b, a.ActionID)
		b = append(b, `,"command":`...)
		b = jsonw.AppendString(b, a.Command)
		if len(a.ArgsSchema) > 0 {
			b = append(b, `,"argsSchema":`...)
			var ok bool
			if b, ok = appendValue(b, a.ArgsSchema); !ok {
				out, err := json.Marshal(items)
				if err != nil {
					return b[:start], err
				}
				return append(b[:start], out...), nil
			}
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

// appendValue appends v as encoding/json writes it, for the types an
// argsSchema holds (strings, ints, booleans, string lists and nested maps);
// ok is false for any other type.
func appendValue(b []byte, v any) (_ []byte, ok bool) {
	switch x := v.(type) {
	case string:
		return jsonw.AppendString(b, x), true
	case int:
		return strconv.AppendInt(b, int64(x), 10), true
	case bool:
		return strconv.AppendBool(b, x), true
	case []string:
		if x == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, s := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, s)
		}
		return append(b, ']'), true
	case map[string]any:
		if x == nil {
			return append(b, "null"...), true
		}
		// encoding/json writes a map's keys in sorted order.
		var arr [8]string
		keys := arr[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, k)
			b = append(b, ':')
			if b, ok = appendValue(b, x[k]); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	return b, false
}
