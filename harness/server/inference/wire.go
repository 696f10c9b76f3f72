package inference

import (
	"encoding/json"
	"strconv"

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

// welcomeMsg is the welcome envelope.
type welcomeMsg struct {
	Type         string          `json:"type"`
	MatchID      string          `json:"match_id"`
	Seat         int             `json:"seat"`
	RulesVersion string          `json:"rules_version"`
	VisibleState json.RawMessage `json:"visible_state"`
}

// yourTurnMsg is the your_turn envelope; DeadlineMS is nil only under
// FaultDropDeadlineMS.
type yourTurnMsg struct {
	Type         string            `json:"type"`
	MatchID      string            `json:"match_id"`
	Round        int               `json:"round"`
	Turn         int               `json:"turn"`
	DeadlineMS   *int              `json:"deadline_ms,omitempty"`
	VisibleState json.RawMessage   `json:"visible_state"`
	LegalActions []ref.LegalAction `json:"legal_actions"`
}

// errorMsg is the error envelope. Rule, an extension, names the catalogue
// rule a rejected move broke.
type errorMsg struct {
	Type    string `json:"type"`
	MatchID string `json:"match_id"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Turn    int    `json:"turn"`
	Rule    string `json:"rule,omitempty"`
}

func encodeError(matchID, code, message string, turn int, rule string) []byte {
	b, _ := json.Marshal(errorMsg{Type: TypeError, MatchID: matchID, Code: code, Message: message, Turn: turn, Rule: rule})
	return b
}

// encodeEvent wraps a log line (one JSON object) in an event envelope.
func encodeEvent(matchID string, line []byte) []byte {
	b := make([]byte, 0, len(line)+len(matchID)+40)
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
	if err := json.Unmarshal(data, &m); err != nil {
		return m, "not a valid message: " + err.Error()
	}
	if m.Type == nil {
		return m, `missing field "type"`
	}
	return m, ""
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
