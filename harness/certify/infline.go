package certify

// Reading the embedded Inference server's lines (the driver's side of its
// JSON Lines seat transport).

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unsafe"

	"github.com/tidwall/gjson"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// infLine is what the driver reads of a server line: a few top-level
// fields, not the visible_state (the bulk of a your_turn).
type infLine struct {
	Type         string
	Round        int
	Turn         *int
	DeadlineMS   *int
	LegalActions []ref.LegalAction
	Code         string
	Event        infEvent
	Ranking      []ref.RankEntry
}

// infEvent is the part of an event object the driver reads (also decoded
// from match-log lines in connect mode).
type infEvent struct {
	Type  string `json:"type"`
	Seat  *int   `json:"seat"`
	Round int    `json:"round"`
	Turn  *int   `json:"turn"`
}

// intPtr returns v's integer, nil when v is not a number.
func intPtr(v gjson.Result) *int {
	if v.Type != gjson.Number {
		return nil
	}
	n := int(v.Int())
	return &n
}

// readInfLine probes one line from the embedded server in a single pass
// over its top level (gjson skips the visible_state without decoding it;
// a your_turn of the server's own layout skips it without reading it,
// readYourTurn, and an event of its layout is read in one pass over its
// bytes, readEvent). The server is umpire's own, so its lines are JSON; a
// line without a type is an error.
func readInfLine(line []byte) (infLine, error) {
	switch {
	case bytes.HasPrefix(line, eventHead):
		if env, ok := readEvent(line); ok {
			return env, nil
		}
	case bytes.HasPrefix(line, yourTurnHead):
		if env, ok := readYourTurn(line); ok {
			return env, nil
		}
	}
	return readInfLineFull(line)
}

// readInfLineFull is readInfLine's pass over every top-level member.
func readInfLineFull(line []byte) (infLine, error) {
	var (
		env infLine
		err error
	)
	// A read-only view of the line, which nobody changes: gjson.ParseBytes
	// would copy it first (a your_turn is ~16 KiB late in a 6-seat match).
	view := unsafe.String(unsafe.SliceData(line), len(line))
	gjson.Parse(view).ForEach(func(k, v gjson.Result) bool {
		err = env.member(k.Str, v)
		return err == nil
	})
	if err == nil && env.Type == "" {
		err = errors.New("a line without a type")
	}
	return env, err
}

// member reads one top-level member of a server line into l.
func (l *infLine) member(key string, v gjson.Result) error {
	var err error
	switch key {
	case "type":
		l.Type = v.Str
	case "round":
		l.Round = int(v.Int())
	case "turn":
		l.Turn = intPtr(v)
	case "deadline_ms":
		l.DeadlineMS = intPtr(v)
	case "code":
		l.Code = v.Str
	case "legal_actions":
		l.LegalActions, err = readLegal(v)
	case "ranking":
		// Into a variable of its own: &l.Ranking given to encoding/json
		// would put every line read on the heap.
		var ranking []ref.RankEntry
		err = json.Unmarshal([]byte(v.Raw), &ranking)
		l.Ranking = ranking
	case "event":
		v.ForEach(func(k, v gjson.Result) bool {
			switch k.Str {
			case "type":
				l.Event.Type = v.Str
			case "seat":
				l.Event.Seat = intPtr(v)
			case "round":
				l.Event.Round = int(v.Int())
			case "turn":
				l.Event.Turn = intPtr(v)
			}
			return true
		})
	}
	return err
}

// readLegal reads a legal_actions array: objects with action and, as
// numbers, amount, min and max.
func readLegal(v gjson.Result) ([]ref.LegalAction, error) {
	if !v.IsArray() {
		return nil, errors.New("legal_actions is not an array")
	}
	var (
		out []ref.LegalAction
		err error
	)
	v.ForEach(func(_, item gjson.Result) bool {
		if !item.IsObject() {
			err = errors.New("a legal_actions item is not an object")
			return false
		}
		var a ref.LegalAction
		item.ForEach(func(k, v gjson.Result) bool {
			switch k.Str {
			case "action":
				a.Action = actionName(v.Str)
			case "amount":
				a.Amount = int(v.Int())
			case "min":
				a.Min = int(v.Int())
			case "max":
				a.Max = int(v.Int())
			}
			return true
		})
		out = append(out, a)
		return true
	})
	return out, err
}

// actionName returns s as a string of its own (s is a view into a line
// whose storage is reused): the action constant it names, else a copy.
func actionName(s string) string {
	for _, a := range [...]string{ref.ActionFold, ref.ActionCall, ref.ActionRaise} {
		if s == a {
			return a
		}
	}
	return strings.Clone(s)
}

// The your_turn fast path of readInfLine. A your_turn is mostly its
// visible_state, which the driver does not read; a pass over the top level
// still walks all of it to find where it ends. The embedded server writes a
// your_turn with scalar members first, then visible_state, then
// legal_actions as its last member (infsrv's appendYourTurn), so the driver
// reads the members before visible_state and the legal_actions at the end
// of the line and skips the bytes in between. A line of another layout
// takes the full pass (readInfLine), which gives the same reading.

var (
	yourTurnHead = []byte(`{"type":"your_turn",`)
	visibleKey   = []byte(`,"visible_state":{`)
	legalTailKey = []byte(`},"legal_actions":[`)
)

// readYourTurn reads a your_turn line laid out as the embedded server
// writes it. ok is false when the line is not so laid out: the caller
// reads it with the full pass.
//
// Why the two keys found are the line's own (for a line that is one JSON
// object): inside a string a quote byte is always escaped (\"), so `,"`
// never occurs within one; the first `,"visible_state":` therefore follows
// a member of the top level when every member before it is a scalar
// (checked). The last `},"legal_actions":[` is followed by an array that
// ends one byte before the line does, with the object's closing brace: a
// key inside visible_state would leave visible_state and the line's object
// both to close after its array.
func readYourTurn(line []byte) (env infLine, ok bool) {
	if !bytes.HasPrefix(line, yourTurnHead) || line[len(line)-1] != '}' {
		return env, false
	}
	i := bytes.Index(line, visibleKey)
	j := bytes.LastIndex(line, legalTailKey)
	if i < 0 || j <= i {
		return env, false
	}
	// The members before visible_state: gjson reads the object's members
	// up to the end of its input, here the last one before visible_state.
	head := line[:i]
	scalars := true
	gjson.Parse(unsafe.String(unsafe.SliceData(head), len(head))).ForEach(func(k, v gjson.Result) bool {
		switch {
		case v.Type == gjson.JSON, k.Str == "visible_state", k.Str == "legal_actions":
			// Not the layout of a your_turn of the embedded server.
			scalars = false
		default:
			scalars = env.member(k.Str, v) == nil
		}
		return scalars
	})
	if !scalars || env.Type != infsrv.TypeYourTurn {
		return infLine{}, false
	}
	// The legal_actions array: from its bracket to the byte before the
	// closing brace, exactly one array: items as the server writes them
	// (serverLegal), else any short array, validated whole.
	if legal, ok := serverLegal(line[j+len(legalTailKey)-1 : len(line)-1]); ok {
		env.LegalActions = legal
		return env, true
	}
	arr := unsafe.String(unsafe.SliceData(line[j+len(legalTailKey)-1:]), len(line)-j-len(legalTailKey))
	legal := gjson.Parse(arr)
	if !legal.IsArray() || !gjson.Valid(arr) {
		return infLine{}, false
	}
	if env.member("legal_actions", legal) != nil {
		return infLine{}, false
	}
	return env, true
}

// serverLegal reads a legal_actions array made of the items the embedded
// server writes (ref.AppendLegalJSON): {"action":"fold"},
// {"action":"call","amount":N} and {"action":"raise","min":N,"max":N},
// N of 1 to 15 digits, nothing else between the brackets. ok is false for
// any other array: readLegal reads it. Both read the same actions
// (TestServerLegal, FuzzReadYourTurn).
func serverLegal(b []byte) (legal []ref.LegalAction, ok bool) {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return nil, false
	}
	b = b[1 : len(b)-1]
	// Every item is one object without nested ones: count them first, so
	// that the slice is allocated once.
	legal = make([]ref.LegalAction, 0, bytes.Count(b, []byte{'{'}))
	for i := 0; i < len(b); {
		if len(legal) > 0 {
			if b[i] != ',' {
				return nil, false
			}
			i++
		}
		var a ref.LegalAction
		switch {
		case bytes.HasPrefix(b[i:], legalFold):
			a.Action, i = ref.ActionFold, i+len(legalFold)
		case bytes.HasPrefix(b[i:], legalCall):
			a.Action = ref.ActionCall
			if a.Amount, i, ok = shortUintAt(b, i+len(legalCall), '}'); !ok {
				return nil, false
			}
			i++
		case bytes.HasPrefix(b[i:], legalRaise):
			a.Action = ref.ActionRaise
			if a.Min, i, ok = shortUintAt(b, i+len(legalRaise), ','); !ok || !bytes.HasPrefix(b[i:], legalMax) {
				return nil, false
			}
			if a.Max, i, ok = shortUintAt(b, i+len(legalMax), '}'); !ok {
				return nil, false
			}
			i++
		default:
			return nil, false
		}
		legal = append(legal, a)
	}
	if len(legal) == 0 {
		// [] reads as an empty list, which readLegal leaves nil.
		return nil, true
	}
	return legal, true
}

var (
	legalFold  = []byte(`{"action":"fold"}`)
	legalCall  = []byte(`{"action":"call","amount":`)
	legalRaise = []byte(`{"action":"raise","min":`)
	legalMax   = []byte(`,"max":`)
)

// shortUintAt reads 1 to 15 digits at b[i] followed by the byte end: their
// value and the index of end.
func shortUintAt(b []byte, i int, end byte) (n, next int, ok bool) {
	start := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int(b[i]-'0')
		i++
	}
	if i == start || i-start > 15 || i >= len(b) || b[i] != end {
		return 0, 0, false
	}
	return n, i, true
}
