package conform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// flagKeys maps the keys of a configuration file written with the command's
// flag names to the fields of Target (a file may use either; the flag names
// are what examples/conform.jsonc shows).
var flagKeys = map[string]string{
	"target":          "url",
	"deadline-ms":     "deadline_ms",
	"seat-policy":     "seat_policy",
	"check-timeout":   "check_timeout_ns",
	"request-timeout": "request_timeout_ns",
	"budget":          "budget_ns",
}

// configObject turns a configuration file into the JSON object of a Target:
// lines that start with // or # are comments; keys may be the command's
// flag names ("target", "seat": ["0=TOKEN", …], "seats": the table size,
// "deadline-ms", durations as "5s").
func configObject(data []byte) ([]byte, error) {
	var clean []byte
	for line := range bytes.Lines(data) {
		t := bytes.TrimSpace(line)
		if bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("#")) {
			continue
		}
		clean = append(clean, line...)
	}
	dec := json.NewDecoder(bytes.NewReader(clean))
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the configuration object")
	}
	out := make(map[string]json.RawMessage, len(obj))
	for k, v := range obj {
		switch k {
		case "seat": // --seat N=TOKEN, repeatable: a list of "N=TOKEN"
			var list []string
			if err := json.Unmarshal(v, &list); err != nil {
				return nil, fmt.Errorf("seat: want a list of \"N=TOKEN\" strings")
			}
			seats := map[string]string{}
			for _, s := range list {
				n, tok, err := ParseSeat(s)
				if err != nil {
					return nil, err
				}
				seats[strconv.Itoa(n)] = tok
			}
			b, _ := json.Marshal(seats)
			out["seats"] = b
			continue
		case "seats":
			// --seats N is the table size; an object is the seat tokens.
			if n, err := strconv.Atoi(string(bytes.TrimSpace(v))); err == nil {
				out["table_size"] = json.RawMessage(strconv.Itoa(n))
				continue
			}
		case "check-timeout", "request-timeout", "budget":
			var s string
			if json.Unmarshal(v, &s) == nil {
				d, err := time.ParseDuration(s)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", k, err)
				}
				v = json.RawMessage(strconv.FormatInt(int64(d), 10))
			}
		}
		if field, ok := flagKeys[k]; ok {
			k = field
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%q is given twice (under its flag name and its field name)", k)
		}
		out[k] = v
	}
	return json.Marshal(out)
}
