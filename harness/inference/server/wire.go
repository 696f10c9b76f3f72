package server

import (
	"encoding/json"
	"strconv"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
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
	TypeHello    = wire.TypeHello
	TypeWelcome  = "welcome"
	TypeYourTurn = "your_turn"
	TypeMove     = wire.TypeMove
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

// parseIn reads one message from an agent (wire.ReadMove, the one reader
// of an agent's message). The error, if any, is a sentence for a
// bad_message answer: not one JSON object, a field of another shape than
// its pin (an integer of any spelling of integral value is an integer,
// I-INF-S9), or no type.
func parseIn(data []byte) (wire.Move, string) {
	m, err := wire.ReadMove(data)
	switch {
	case err != nil:
		return m, "not a valid message: " + err.Error()
	case m.Bad != "":
		return m, "not a valid message: " + m.Bad
	case m.Type == nil:
		return m, `missing field "type"`
	}
	return m, ""
}
