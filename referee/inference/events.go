package inference

import (
	"bytes"
	"encoding/json"
	"github.com/umpire-arena/umpire/referee/internal/jsonw"
	"strconv"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Event types: the "type" values of the match log (WIRE.md).
const (
	EventMatchStart  = "match_start"
	EventRoundStart  = "round_start"
	EventDealPrivate = "deal_private"
	EventAnte        = "ante"
	EventMessage     = "message"
	EventAction      = "action"
	EventTimeout     = "timeout"
	EventShowdown    = "showdown"
	EventBust        = "bust"
	EventReturn      = "return"
	EventMatchEnd    = "match_end"
)

// Match end reasons.
const (
	ReasonRoundsComplete = "rounds_complete"
	ReasonOnePlayerLeft  = "one_player_left"
)

// SeatName is one entry of match_start.seats.
type SeatName struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// Event is one match-log object. It is a flat union: Type says which fields
// are meaningful (see AppendJSON for the exact field list of each type);
// in an Event emitted by a State the other fields are unspecified.
// Slices in an Event emitted by a State point into the state's buffers:
// they are valid only during the Sink call and must not be modified; copy
// them to keep or change them.
type Event struct {
	Type string

	// match_start
	MatchID         string
	RulesVersion    string
	TableSize       int
	RoundsTotal     int
	StartingCredits int
	Seats           []SeatName
	Limits          Limits
	SeedCommit      string

	Round int
	Turn  int
	Seat  int

	// round_start
	Dealer  int
	Ante    int
	DealtIn []int

	// deal_private
	Value int

	// ante, action: Amount is written when HasAmount (always for ante).
	Amount    int
	HasAmount bool
	AllIn     bool

	// message
	Text string

	// action
	Action  string
	Timeout bool

	// timeout
	Strikes     int
	SitOut      bool
	BackInRound int

	// showdown
	Outcome

	// match_end
	Reason  string
	Seed    string
	Ranking []RankEntry
}

// setSmall prepares e for an event of a round (every type but match_start
// and match_end) without rewriting the whole struct: it sets the shared
// fields and clears the scalar fields those types use; the caller sets the
// rest.
func (e *Event) setSmall(typ string, round, turn, seat int) {
	e.Type, e.Round, e.Turn, e.Seat = typ, round, turn, seat
	e.Value, e.Amount, e.HasAmount, e.AllIn = 0, 0, false, false
	e.Text, e.Action, e.Timeout = "", "", false
	e.Strikes, e.SitOut, e.BackInRound = 0, false, 0
}

// Sink receives the events of a State as they happen. The *Event is reused:
// it is valid only during the call.
type Sink interface {
	Emit(e *Event)
}

// LogBuffer is a Sink that appends each event as one JSON line to Buf. With
// Public set it leaves out deal_private lines (a public log).
type LogBuffer struct {
	Buf    []byte
	Public bool
}

// Emit appends e's line to b.Buf.
func (b *LogBuffer) Emit(e *Event) {
	if b.Public && e.Type == EventDealPrivate {
		return
	}
	b.Buf = e.AppendJSON(b.Buf)
	b.Buf = append(b.Buf, '\n')
}

// MarshalJSON encodes the event as its match-log line (without newline).
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil), nil }

// AppendJSON appends the event's log line (no newline) to dst, fields in the
// order of WIRE.md; optional flags (all_in, timeout, sit_out) are written
// only when true.
func (e *Event) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"type":`...)
	switch e.Type {
	case EventMatchStart, EventRoundStart, EventDealPrivate, EventAnte, EventMessage, EventAction,
		EventTimeout, EventShowdown, EventBust, EventReturn, EventMatchEnd:
		dst = append(dst, '"')
		dst = append(dst, e.Type...) // known names need no escaping
		dst = append(dst, '"')
	default:
		dst = jsonw.AppendString(dst, e.Type)
	}
	switch e.Type {
	case EventMatchStart:
		dst = appendStrField(dst, `,"match_id":`, e.MatchID)
		dst = appendStrField(dst, `,"rules_version":`, e.RulesVersion)
		dst = appendIntField(dst, `,"table_size":`, e.TableSize)
		dst = appendIntField(dst, `,"rounds_total":`, e.RoundsTotal)
		dst = appendIntField(dst, `,"starting_credits":`, e.StartingCredits)
		dst = append(dst, `,"seats":[`...)
		for i, s := range e.Seats {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"seat":`...)
			dst = appendInt(dst, s.Seat)
			dst = appendStrField(dst, `,"name":`, s.Name)
			dst = append(dst, '}')
		}
		dst = append(dst, `],"limits":`...)
		dst = appendLimits(dst, &e.Limits)
		dst = appendStrField(dst, `,"seed_commit":`, e.SeedCommit)
	case EventRoundStart:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"dealer":`, e.Dealer)
		dst = appendIntField(dst, `,"ante":`, e.Ante)
		dst = append(dst, `,"dealt_in":`...)
		dst = appendInts(dst, e.DealtIn)
	case EventDealPrivate:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
		dst = appendIntField(dst, `,"value":`, e.Value)
	case EventAnte:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
		dst = appendIntField(dst, `,"amount":`, e.Amount)
		if e.AllIn {
			dst = append(dst, `,"all_in":true`...)
		}
	case EventMessage:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"turn":`, e.Turn)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
		dst = appendStrField(dst, `,"text":`, e.Text)
	case EventAction:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"turn":`, e.Turn)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
		if e.Action == ActionFold || e.Action == ActionCall || e.Action == ActionRaise {
			dst = append(dst, `,"action":"`...)
			dst = append(dst, e.Action...)
			dst = append(dst, '"')
		} else {
			dst = appendStrField(dst, `,"action":`, e.Action)
		}
		if e.HasAmount {
			dst = appendIntField(dst, `,"amount":`, e.Amount)
		}
		if e.Timeout {
			dst = append(dst, `,"timeout":true`...)
		}
		if e.AllIn {
			dst = append(dst, `,"all_in":true`...)
		}
	case EventTimeout:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"turn":`, e.Turn)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
		dst = appendIntField(dst, `,"strikes":`, e.Strikes)
		if e.SitOut {
			dst = append(dst, `,"sit_out":true`...)
			dst = appendIntField(dst, `,"back_in_round":`, e.BackInRound)
		}
	case EventShowdown:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"pot":`, e.Pot)
		dst = append(dst, `,"uncontested":`...)
		dst = strconv.AppendBool(dst, e.Uncontested)
		dst = append(dst, `,"reveals":[`...)
		for i, r := range e.Reveals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"seat":`...)
			dst = appendInt(dst, r.Seat)
			dst = appendIntField(dst, `,"value":`, r.Value)
			dst = append(dst, '}')
		}
		dst = append(dst, `],"winners":`...)
		dst = appendInts(dst, e.Winners)
		dst = append(dst, `,"payouts":[`...)
		for i, p := range e.Payouts {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"seat":`...)
			dst = appendInt(dst, p.Seat)
			dst = appendIntField(dst, `,"amount":`, p.Amount)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	case EventBust, EventReturn:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendIntField(dst, `,"seat":`, e.Seat)
	case EventMatchEnd:
		dst = appendIntField(dst, `,"round":`, e.Round)
		dst = appendStrField(dst, `,"reason":`, e.Reason)
		dst = appendStrField(dst, `,"seed":`, e.Seed)
		dst = append(dst, `,"ranking":[`...)
		for i, r := range e.Ranking {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"seat":`...)
			dst = appendInt(dst, r.Seat)
			dst = appendIntField(dst, `,"rank":`, r.Rank)
			dst = appendIntField(dst, `,"credits":`, r.Credits)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

func appendLimits(dst []byte, l *Limits) []byte {
	dst = append(dst, `{"ante":`...)
	dst = appendInt(dst, l.Ante)
	dst = append(dst, `,"ante_ramp":{"from_round":`...)
	dst = appendInt(dst, l.AnteRamp.FromRound)
	dst = appendIntField(dst, `,"every_rounds":`, l.AnteRamp.EveryRounds)
	dst = appendIntField(dst, `,"step":`, l.AnteRamp.Step)
	dst = append(dst, '}')
	dst = appendIntField(dst, `,"min_raise":`, l.MinRaise)
	dst = appendIntField(dst, `,"max_raise":`, l.MaxRaise)
	dst = appendIntField(dst, `,"max_raises_per_round":`, l.MaxRaisesPerRound)
	dst = appendIntField(dst, `,"value_min":`, l.ValueMin)
	dst = appendIntField(dst, `,"value_max":`, l.ValueMax)
	dst = appendIntField(dst, `,"turn_deadline_ms":`, l.TurnDeadlineMS)
	dst = appendIntField(dst, `,"max_consecutive_timeouts":`, l.MaxConsecutiveTimeouts)
	dst = appendIntField(dst, `,"sit_out_rounds":`, l.SitOutRounds)
	dst = appendIntField(dst, `,"max_message_chars":`, l.MaxMessageChars)
	return append(dst, '}')
}

// appendIntField appends key (the whole `,"name":` prefix) and v.
func appendIntField(dst []byte, key string, v int) []byte {
	return appendInt(append(dst, key...), v)
}

// appendInt is strconv.AppendInt with a short path for the small numbers
// most log fields hold.
func appendInt(dst []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(dst, byte('0'+v))
	case v >= 10 && v < 100:
		return append(dst, byte('0'+v/10), byte('0'+v%10))
	case v >= 100 && v < 1000:
		return append(dst, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10))
	}
	return strconv.AppendInt(dst, int64(v), 10)
}

// appendStrField appends key (the whole `,"name":` prefix) and v as a
// JSON string.
func appendStrField(dst []byte, key, v string) []byte {
	return jsonw.AppendString(append(dst, key...), v)
}

func appendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendInt(dst, x)
	}
	return append(dst, ']')
}

// wireEvent is the decoding form of a log line: pointers tell present from
// absent.
type wireEvent struct {
	Type            *string      `json:"type"`
	MatchID         *string      `json:"match_id"`
	RulesVersion    *string      `json:"rules_version"`
	TableSize       *int         `json:"table_size"`
	RoundsTotal     *int         `json:"rounds_total"`
	StartingCredits *int         `json:"starting_credits"`
	Seats           *[]SeatName  `json:"seats"`
	Limits          *Limits      `json:"limits"`
	SeedCommit      *string      `json:"seed_commit"`
	Round           *int         `json:"round"`
	Turn            *int         `json:"turn"`
	Seat            *int         `json:"seat"`
	Dealer          *int         `json:"dealer"`
	Ante            *int         `json:"ante"`
	DealtIn         *[]int       `json:"dealt_in"`
	Value           *int         `json:"value"`
	Amount          *int         `json:"amount"`
	AllIn           *bool        `json:"all_in"`
	Text            *string      `json:"text"`
	Action          *string      `json:"action"`
	Timeout         *bool        `json:"timeout"`
	Strikes         *int         `json:"strikes"`
	SitOut          *bool        `json:"sit_out"`
	BackInRound     *int         `json:"back_in_round"`
	Pot             *int         `json:"pot"`
	Uncontested     *bool        `json:"uncontested"`
	Reveals         *[]Reveal    `json:"reveals"`
	Winners         *[]int       `json:"winners"`
	Payouts         *[]Payout    `json:"payouts"`
	Reason          *string      `json:"reason"`
	Seed            *string      `json:"seed"`
	Ranking         *[]RankEntry `json:"ranking"`
}

// ParseEvent reads one match-log line. Unknown fields are allowed; a line
// that is not a JSON object, has an unknown type, or lacks a field its type
// requires gives a *rules.Error citing inference/protocol.log-line. Optional
// flags absent from the line read as false.
func ParseEvent(line []byte) (Event, error) {
	const rule = "inference/protocol.log-line"
	var w wireEvent
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return Event{}, rules.Errorf(rule, "a log line must be one JSON object")
	}
	if err := json.Unmarshal(line, &w); err != nil {
		return Event{}, rules.Errorf(rule, "not a valid log object: %v", err)
	}
	if w.Type == nil {
		return Event{}, rules.Errorf(rule, "missing field \"type\"")
	}
	var missing []string
	need := func(present bool, name string) {
		if !present {
			missing = append(missing, name)
		}
	}
	e := Event{Type: *w.Type}
	gi := func(p *int, name string) int {
		need(p != nil, name)
		if p == nil {
			return 0
		}
		return *p
	}
	gs := func(p *string, name string) string {
		need(p != nil, name)
		if p == nil {
			return ""
		}
		return *p
	}
	gb := func(p *bool) bool { return p != nil && *p }
	switch e.Type {
	case EventMatchStart:
		e.MatchID = gs(w.MatchID, "match_id")
		e.RulesVersion = gs(w.RulesVersion, "rules_version")
		e.TableSize = gi(w.TableSize, "table_size")
		e.RoundsTotal = gi(w.RoundsTotal, "rounds_total")
		e.StartingCredits = gi(w.StartingCredits, "starting_credits")
		need(w.Seats != nil, "seats")
		if w.Seats != nil {
			e.Seats = *w.Seats
		}
		need(w.Limits != nil, "limits")
		if w.Limits != nil {
			e.Limits = *w.Limits
		}
		e.SeedCommit = gs(w.SeedCommit, "seed_commit")
	case EventRoundStart:
		e.Round = gi(w.Round, "round")
		e.Dealer = gi(w.Dealer, "dealer")
		e.Ante = gi(w.Ante, "ante")
		need(w.DealtIn != nil, "dealt_in")
		if w.DealtIn != nil {
			e.DealtIn = *w.DealtIn
		}
	case EventDealPrivate:
		e.Round = gi(w.Round, "round")
		e.Seat = gi(w.Seat, "seat")
		e.Value = gi(w.Value, "value")
	case EventAnte:
		e.Round = gi(w.Round, "round")
		e.Seat = gi(w.Seat, "seat")
		e.Amount = gi(w.Amount, "amount")
		e.HasAmount = true
		e.AllIn = gb(w.AllIn)
	case EventMessage:
		e.Round = gi(w.Round, "round")
		e.Turn = gi(w.Turn, "turn")
		e.Seat = gi(w.Seat, "seat")
		e.Text = gs(w.Text, "text")
	case EventAction:
		e.Round = gi(w.Round, "round")
		e.Turn = gi(w.Turn, "turn")
		e.Seat = gi(w.Seat, "seat")
		e.Action = gs(w.Action, "action")
		if w.Amount != nil {
			e.Amount, e.HasAmount = *w.Amount, true
		} else if e.Action == ActionCall || e.Action == ActionRaise {
			need(false, "amount")
		}
		e.Timeout = gb(w.Timeout)
		e.AllIn = gb(w.AllIn)
	case EventTimeout:
		e.Round = gi(w.Round, "round")
		e.Turn = gi(w.Turn, "turn")
		e.Seat = gi(w.Seat, "seat")
		e.Strikes = gi(w.Strikes, "strikes")
		e.SitOut = gb(w.SitOut)
		if e.SitOut {
			e.BackInRound = gi(w.BackInRound, "back_in_round")
		}
	case EventShowdown:
		e.Round = gi(w.Round, "round")
		e.Pot = gi(w.Pot, "pot")
		need(w.Uncontested != nil, "uncontested")
		e.Uncontested = gb(w.Uncontested)
		need(w.Reveals != nil, "reveals")
		need(w.Winners != nil, "winners")
		need(w.Payouts != nil, "payouts")
		if w.Reveals != nil {
			e.Reveals = *w.Reveals
		}
		if w.Winners != nil {
			e.Winners = *w.Winners
		}
		if w.Payouts != nil {
			e.Payouts = *w.Payouts
		}
	case EventBust, EventReturn:
		e.Round = gi(w.Round, "round")
		e.Seat = gi(w.Seat, "seat")
	case EventMatchEnd:
		e.Round = gi(w.Round, "round")
		e.Reason = gs(w.Reason, "reason")
		e.Seed = gs(w.Seed, "seed")
		need(w.Ranking != nil, "ranking")
		if w.Ranking != nil {
			e.Ranking = *w.Ranking
		}
	default:
		return Event{}, rules.Errorf(rule, "unknown log object type %q", e.Type)
	}
	if len(missing) > 0 {
		return Event{}, rules.Errorf(rule, "%s line lacks required field(s) %v", e.Type, missing)
	}
	return e, nil
}
