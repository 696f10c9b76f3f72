package inference

import "strconv"

// ActionRecord is one action of a round, as in visible_state.actions.
type ActionRecord struct {
	Turn   int    `json:"turn"`
	Seat   int    `json:"seat"`
	Action string `json:"action"`
	// Amount: for call what was paid, for raise the increment; none for fold.
	Amount  int  `json:"amount"`
	Timeout bool `json:"timeout,omitempty"`
	AllIn   bool `json:"all_in,omitempty"`
}

// MessageRecord is one table message.
type MessageRecord struct {
	Turn int    `json:"turn"`
	Seat int    `json:"seat"`
	Text string `json:"text"`
}

// RoundRecord is a finished round, as in visible_state.history. Actions and
// Messages are nil (and omitted) in trimmed entries.
type RoundRecord struct {
	Round       int             `json:"round"`
	Dealer      int             `json:"dealer"`
	Pot         int             `json:"pot"`
	Uncontested bool            `json:"uncontested"`
	Winners     []int           `json:"winners"`
	Reveals     []Reveal        `json:"reveals"`
	Payouts     []Payout        `json:"payouts"`
	Actions     []ActionRecord  `json:"actions,omitzero"`
	Messages    []MessageRecord `json:"messages,omitzero"`
}

// MarshalJSON writes the record with amount left out for a fold and the
// flags only when true.
func (a ActionRecord) MarshalJSON() ([]byte, error) {
	b := strconv.AppendInt([]byte(`{"turn":`), int64(a.Turn), 10)
	b = appendIntField(b, `,"seat":`, a.Seat)
	b = appendStrField(b, `,"action":`, a.Action)
	if a.Action != ActionFold {
		b = appendIntField(b, `,"amount":`, a.Amount)
	}
	if a.Timeout {
		b = append(b, `,"timeout":true`...)
	}
	if a.AllIn {
		b = append(b, `,"all_in":true`...)
	}
	return append(b, '}'), nil
}

// historyArena keeps the slices of finished rounds in a few large backing
// arrays, so recording a round does not allocate in steady state. Each
// record's slices are capped (three-index slices): appending to one never
// writes into another's. A full chunk is left to its records and a new one
// started.
type historyArena struct {
	i []int
	r []Reveal
	p []Payout
	a []ActionRecord
	m []MessageRecord
}

const arenaChunk = 1024

func grab[T any](buf *[]T, src []T) []T {
	if len(src) == 0 {
		return []T{} // empty, not nil: written as [] in JSON
	}
	if len(*buf)+len(src) > cap(*buf) {
		*buf = make([]T, 0, max(len(src), min(2*cap(*buf), arenaChunk), 32))
	}
	start := len(*buf)
	*buf = append(*buf, src...)
	return (*buf)[start:len(*buf):len(*buf)]
}

func (h *historyArena) ints(src []int) []int          { return grab(&h.i, src) }
func (h *historyArena) reveals(src []Reveal) []Reveal { return grab(&h.r, src) }
func (h *historyArena) payouts(src []Payout) []Payout { return grab(&h.p, src) }
func (h *historyArena) actions(src []ActionRecord) []ActionRecord {
	return grab(&h.a, src)
}
func (h *historyArena) messages(src []MessageRecord) []MessageRecord {
	return grab(&h.m, src)
}
