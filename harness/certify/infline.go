package certify

// Reading the embedded Inference server's lines (the driver's side of its
// JSON Lines seat transport).

import (
	"bytes"
	"encoding/json"
	"errors"

	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
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

// infEvent is the part of an event object the driver reads.
type infEvent struct {
	Type  string
	Seat  *int
	Round int
	Turn  *int
}

// readInfLine reads one line from the embedded server: with the one reader
// of the envelope (readInfLineFull), or, for a your_turn of the server's
// own layout, skipping its visible_state without walking it (readYourTurn),
// and for an event of its layout in one pass over the bytes that converts
// only the integers kept (readEvent). The server is umpire's own, so its
// lines are JSON; a line without a type is an error.
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

// readInfLineFull reads a line with the one reader of the envelope
// (wire.ReadEnvelopeUnchecked: the server is umpire's own, so its lines are
// JSON), its legal_actions, ranking and event with wire's readers of them.
// A line that is not an object with a type, or whose legal_actions is not
// an array, is an error.
func readInfLineFull(line []byte) (infLine, error) {
	env, ok := wire.ReadEnvelopeUnchecked(line)
	if !ok {
		return infLine{}, errors.New("a line that is not one JSON object")
	}
	return lineOf(env)
}

// lineOf is what the driver reads of an envelope.
func lineOf(env wire.Envelope) (infLine, error) {
	l := infLine{Type: env.Type, Round: env.Round, Turn: env.Turn, DeadlineMS: env.DeadlineMS, Code: env.Code}
	if env.Type == "" {
		return l, errors.New("a line without a type")
	}
	if env.LegalActions != nil {
		legal, ok := wire.ReadLegal(env.LegalActions)
		if !ok {
			return l, errors.New("legal_actions is not an array")
		}
		l.LegalActions = legal
	}
	if env.Ranking != nil {
		l.Ranking = wire.ReadRanking(env.Ranking)
	}
	if env.Event != nil {
		ev := wire.ReadEvent(env.Event)
		l.Event = infEvent{Type: ev.Type, Seat: ev.Seat, Round: ev.Round, Turn: ev.Turn}
	}
	return l, nil
}

// The your_turn fast path of readInfLine. A your_turn is mostly its
// visible_state, which the driver does not read; a pass over the top level
// still walks all of it to find where it ends. The embedded server writes a
// your_turn with scalar members first (appendYourTurnHead), then visible_state, then
// legal_actions as its last member (appendYourTurnTail), so the driver
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
// a member of the top level when the members before it read as an object
// of their own (checked: a key inside a nested value leaves it unclosed). The last `},"legal_actions":[` is followed by an array that
// ends one byte before the line does, with the object's closing brace: a
// key inside visible_state would leave visible_state and the line's object
// both to close after its array.
func readYourTurn(line []byte) (env infLine, ok bool) {
	var err error
	if !bytes.HasPrefix(line, yourTurnHead) || line[len(line)-1] != '}' {
		return env, false
	}
	i := bytes.Index(line, visibleKey)
	j := bytes.LastIndex(line, legalTailKey)
	if i < 0 || j <= i {
		return env, false
	}
	// The members before visible_state, read as an object of their own:
	// the walk completes only when the key found is the line's own (a key
	// found inside a nested value leaves it unclosed).
	head, ok := wire.ReadEnvelopeUnchecked(append(line[:i:i], '}'))
	if !ok || head.Type != infsrv.TypeYourTurn || head.VisibleState != nil || head.LegalActions != nil || head.Event != nil || head.Ranking != nil {
		return infLine{}, false
	}
	if env, err = lineOf(head); err != nil {
		return infLine{}, false
	}
	// The legal_actions array: from its bracket to the byte before the
	// closing brace, exactly one array: items as the server writes them
	// (serverLegal), else any short array, validated whole.
	if legal, ok := serverLegal(line[j+len(legalTailKey)-1 : len(line)-1]); ok {
		env.LegalActions = legal
		return env, true
	}
	arr := line[j+len(legalTailKey)-1 : len(line)-1]
	if !json.Valid(arr) {
		return infLine{}, false
	}
	legal, ok := wire.ReadLegal(arr)
	if !ok {
		return infLine{}, false
	}
	env.LegalActions = legal
	return env, true
}

// serverLegal reads a legal_actions array made of the items the embedded
// server writes (ref.AppendLegalJSON): {"action":"fold"},
// {"action":"call","amount":N} and {"action":"raise","min":N,"max":N},
// N of 1 to 15 digits, nothing else between the brackets. ok is false for
// any other array: wire.ReadLegal reads it. Both read the same actions
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
		// [] reads as an empty list, which wire.ReadLegal leaves nil.
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
