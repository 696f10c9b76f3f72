package certify

import (
	"bytes"
	"unsafe"

	"github.com/tidwall/gjson"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
)

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
	// closing brace, exactly one array (a short one: validated whole).
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
