package inference

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// MaxMessageBytes is the largest message either side accepts (WIRE.md):
// 1 MiB, well above the WebSocket library's 32 KiB default.
const MaxMessageBytes = 1 << 20

// DealFunction is the value of the extra match_start field "deal" in the
// server's logs: every hidden value, round 1's dealer and the seed
// commitment come from referee/inference (DealValue, FirstDealer,
// SeedCommit), so a verifier can re-derive the deals (I-INF-S8).
const DealFunction = "umpire-sha256-v1"

// Envelope message types (WIRE.md).
const (
	TypeHello    = "hello"
	TypeWelcome  = "welcome"
	TypeYourTurn = "your_turn"
	TypeMove     = "move"
	TypeError    = "error"
	TypeEvent    = "event"
	TypeMatchEnd = "match_end"
)

// Error codes of an error message.
const (
	CodeIllegalMove  = "illegal_move"
	CodeNotYourTurn  = "not_your_turn"
	CodeBadMessage   = "bad_message"
	CodeUnauthorized = "unauthorized"
	CodeStaleTurn    = "stale_turn"
)

// Hello is the first message an agent sends on a WebSocket connection.
type Hello struct {
	Type    string `json:"type"`
	MatchID string `json:"match_id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
}

// MoveMsg is an agent's move. Amount is the raise increment (omitted when
// 0); Message is optional table talk.
type MoveMsg struct {
	Type    string `json:"type"`
	MatchID string `json:"match_id"`
	Turn    int    `json:"turn"`
	Action  string `json:"action"`
	Amount  int    `json:"amount,omitempty"`
	Message string `json:"message,omitempty"`
}

// Envelope decodes any message the server sends: Type says which fields
// are set. Event holds the raw match-log object of an event message.
type Envelope struct {
	Type         string            `json:"type"`
	MatchID      string            `json:"match_id"`
	Seat         *int              `json:"seat,omitempty"`
	RulesVersion string            `json:"rules_version,omitempty"`
	VisibleState *ref.VisibleState `json:"visible_state,omitempty"`
	Round        int               `json:"round,omitempty"`
	Turn         *int              `json:"turn,omitempty"`
	DeadlineMS   *int              `json:"deadline_ms,omitempty"`
	LegalActions []ref.LegalAction `json:"legal_actions,omitempty"`
	Code         string            `json:"code,omitempty"`
	Message      string            `json:"message,omitempty"`
	Rule         string            `json:"rule,omitempty"`
	Event        json.RawMessage   `json:"event,omitempty"`
	Reason       string            `json:"reason,omitempty"`
	Seed         string            `json:"seed,omitempty"`
	SeedCommit   string            `json:"seed_commit,omitempty"`
	Ranking      []ref.RankEntry   `json:"ranking,omitempty"`
}

// appendError appends the error envelope. Rule, an extension, names the
// catalogue rule a rejected move broke (left out when empty).
func appendError(dst []byte, matchID, code, message string, turn int, rule string) []byte {
	dst = append(dst, `{"type":"error","match_id":`...)
	dst = ref.AppendJSONString(dst, matchID)
	dst = ref.AppendJSONString(append(dst, `,"code":`...), code)
	dst = ref.AppendJSONString(append(dst, `,"message":`...), message)
	dst = strconv.AppendInt(append(dst, `,"turn":`...), int64(turn), 10)
	if rule != "" {
		dst = ref.AppendJSONString(append(dst, `,"rule":`...), rule)
	}
	return append(dst, '}')
}

func encodeError(matchID, code, message string, turn int, rule string) []byte {
	return appendError(nil, matchID, code, message, turn, rule)
}

// appendWelcome appends the welcome envelope; view is the visible_state
// (one JSON object).
func appendWelcome(dst []byte, matchID string, seat int, view []byte) []byte {
	dst = append(dst, `{"type":"welcome","match_id":`...)
	dst = ref.AppendJSONString(dst, matchID)
	dst = strconv.AppendInt(append(dst, `,"seat":`...), int64(seat), 10)
	dst = ref.AppendJSONString(append(dst, `,"rules_version":`...), ref.RulesVersion)
	dst = append(append(dst, `,"visible_state":`...), view...)
	return append(dst, '}')
}

// appendYourTurnHead appends the your_turn envelope up to its
// visible_state's value, which the caller appends next, and then
// appendYourTurnTail; deadline_ms is left out when deadlineMS is negative
// (only under FaultDropDeadlineMS).
func appendYourTurnHead(dst []byte, matchID string, round, turn, deadlineMS int) []byte {
	dst = append(dst, `{"type":"your_turn","match_id":`...)
	dst = ref.AppendJSONString(dst, matchID)
	dst = strconv.AppendInt(append(dst, `,"round":`...), int64(round), 10)
	dst = strconv.AppendInt(append(dst, `,"turn":`...), int64(turn), 10)
	if deadlineMS >= 0 {
		dst = strconv.AppendInt(append(dst, `,"deadline_ms":`...), int64(deadlineMS), 10)
	}
	return append(dst, `,"visible_state":`...)
}

// appendYourTurnTail appends the rest of the your_turn envelope after its
// visible_state.
func appendYourTurnTail(dst []byte, legal []ref.LegalAction) []byte {
	dst = ref.AppendLegalJSON(append(dst, `,"legal_actions":`...), legal)
	return append(dst, '}')
}

// encodeEvent wraps a log line (one JSON object) in an event envelope.
func encodeEvent(matchID string, line []byte) []byte {
	return appendEvent(make([]byte, 0, len(line)+len(matchID)+40), matchID, line)
}

// appendEvent is encodeEvent appending to b.
func appendEvent(b []byte, matchID string, line []byte) []byte {
	b = append(b, `{"type":"event","match_id":`...)
	b = strconv.AppendQuote(b, matchID)
	b = append(b, `,"event":`...)
	b = append(b, line...)
	return append(b, '}')
}

// encodeMatchEnd turns the match_end log line into the match_end envelope:
// its fields plus match_id and seed_commit.
func encodeMatchEnd(matchID, seedCommit string, line []byte) []byte {
	const prefix = `{"type":"match_end"`
	b := make([]byte, 0, len(line)+len(matchID)+100)
	b = append(b, prefix...)
	b = append(b, `,"match_id":`...)
	b = strconv.AppendQuote(b, matchID)
	b = append(b, `,"seed_commit":`...)
	b = strconv.AppendQuote(b, seedCommit)
	return append(b, line[len(prefix):]...)
}

// inMsg is the decoding form of an agent's message: pointers tell present
// from absent; a wrong JSON type fails decoding (bad_message).
type inMsg struct {
	Type    *string `json:"type"`
	MatchID *string `json:"match_id"`
	Seat    *int    `json:"seat"`
	Token   *string `json:"token"`
	Turn    *int    `json:"turn"`
	Action  *string `json:"action"`
	Amount  *int    `json:"amount"`
	Message *string `json:"message"`
}

// parseIn decodes one message from an agent. The error, if any, is a
// sentence for a bad_message answer.
func parseIn(data []byte) (inMsg, string) {
	var m inMsg
	if len(data) == 0 || firstNonSpace(data) != '{' {
		return m, "a message must be one JSON object"
	}
	if fast, ok := parseFast(data); ok {
		m = fast
	} else if err := parseLoose(data, &m); err != nil {
		return m, "not a valid message: " + err.Error()
	}
	if m.Type == nil {
		return m, `missing field "type"`
	}
	return m, ""
}

// inMsgLoose is inMsg with its integers kept raw: a JSON number with no
// fraction (3, 3.0, 3e0) is an integer, whatever its spelling (I-INF-S9).
type inMsgLoose struct {
	Type    *string         `json:"type"`
	MatchID *string         `json:"match_id"`
	Seat    json.RawMessage `json:"seat"`
	Token   *string         `json:"token"`
	Turn    json.RawMessage `json:"turn"`
	Action  *string         `json:"action"`
	Amount  json.RawMessage `json:"amount"`
	Message *string         `json:"message"`
}

// parseLoose decodes an agent's message as encoding/json does, except that
// an integer field takes any JSON number of integral value; a string, a
// fraction or a value out of range is an error, null is absent.
func parseLoose(data []byte, m *inMsg) error {
	var l inMsgLoose
	if err := json.Unmarshal(data, &l); err != nil {
		return err
	}
	*m = inMsg{Type: l.Type, MatchID: l.MatchID, Token: l.Token, Action: l.Action, Message: l.Message}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		dst  **int
	}{{"seat", l.Seat, &m.Seat}, {"turn", l.Turn, &m.Turn}, {"amount", l.Amount, &m.Amount}} {
		if len(f.raw) == 0 || string(f.raw) == "null" {
			continue
		}
		n, ok := integral(f.raw)
		if !ok {
			return fmt.Errorf("%q is %s, not an integer", f.name, f.raw)
		}
		*f.dst = &n
	}
	return nil
}

// integral reads a JSON number of integral value within ±2^53.
func integral(raw json.RawMessage) (int, bool) {
	if len(raw) == 0 || raw[0] == '"' {
		return 0, false
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	if i, err := n.Int64(); err == nil && i <= 1<<53 && i >= -(1<<53) {
		return int(i), true
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || f > 1<<53 || f < -(1<<53) {
		return 0, false
	}
	return int(f), true
}

func firstNonSpace(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return c
	}
	return 0
}

// parseFast decodes the usual form of an agent's message without
// encoding/json: one flat object whose keys are inMsg's (lower case, each
// at most once), with plain strings (valid UTF-8, no escapes or control
// characters) and integers of at most 18 digits. Anything else reports
// false, and encoding/json decides; what parseFast accepts decodes as
// json.Unmarshal decodes it (FuzzParseFast).
func parseFast(b []byte) (m inMsg, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return m, false
	}
	i++
	for {
		var key []byte
		i = skipSpace(b, i)
		if key, i, ok = plainString(b, i); !ok {
			return m, false
		}
		if i = skipSpace(b, i); i >= len(b) || b[i] != ':' {
			return m, false
		}
		i = skipSpace(b, i+1)
		var sp **string
		var ip **int
		switch string(key) {
		case "type":
			sp = &m.Type
		case "match_id":
			sp = &m.MatchID
		case "token":
			sp = &m.Token
		case "action":
			sp = &m.Action
		case "message":
			sp = &m.Message
		case "seat":
			ip = &m.Seat
		case "turn":
			ip = &m.Turn
		case "amount":
			ip = &m.Amount
		default:
			return m, false
		}
		if sp != nil {
			var v []byte
			if *sp != nil {
				return m, false
			}
			if v, i, ok = plainString(b, i); !ok {
				return m, false
			}
			s := internValue(v)
			*sp = &s
		} else {
			if *ip != nil {
				return m, false
			}
			n, j, ok := plainInt(b, i)
			if !ok {
				return m, false
			}
			*ip, i = &n, j
		}
		if i = skipSpace(b, i); i >= len(b) {
			return m, false
		}
		switch b[i] {
		case ',':
			i++
			continue
		case '}':
			return m, skipSpace(b, i+1) == len(b)
		}
		return m, false
	}
}

// internValue is string(v), without allocating for the words moves use.
func internValue(v []byte) string {
	switch string(v) {
	case TypeMove:
		return TypeMove
	case TypeHello:
		return TypeHello
	case ref.ActionCall:
		return ref.ActionCall
	case ref.ActionFold:
		return ref.ActionFold
	case ref.ActionRaise:
		return ref.ActionRaise
	}
	return string(v)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a string at b[i] with no escapes or control
// characters, in valid UTF-8; it returns its content and the index after it.
func plainString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	start := i + 1
	ascii := true
	for j := start; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			if !ascii && !utf8.Valid(b[start:j]) {
				return nil, i, false
			}
			return b[start:j], j + 1, true
		case c < 0x20 || c == '\\':
			return nil, i, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, i, false
}

// plainInt reads an integer at b[i]: an optional minus, then 0 or a
// non-zero digit and at most 17 more, not followed by a fraction or an
// exponent.
func plainInt(b []byte, i int) (int, int, bool) {
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start, n := i, 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 18 {
		n = n*10 + int(b[i]-'0')
		i++
	}
	switch {
	case i == start, b[start] == '0' && i > start+1:
		return 0, i, false
	case i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E' || (b[i] >= '0' && b[i] <= '9')):
		return 0, i, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}
