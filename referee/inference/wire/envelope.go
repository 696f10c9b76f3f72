package wire

import (
	"encoding/json"

	"github.com/umpire-arena/umpire/referee/inference"
)

// Envelope is any message an Inference server sends (WIRE.md's envelope),
// read tolerantly: each field on its own, a field of another shape than
// its pin left zero (nil) without stopping the others — the schema check
// reports the shape at the level of its basis. The nested values are the
// bytes of the message (views, not copies: they are valid while the
// message's bytes are), read further by whoever needs them (ReadEvent,
// ReadView, ReadLegal).
type Envelope struct {
	Type    string
	MatchID string
	// Round is 0 when absent or not an integer.
	Round      int
	Turn       *int
	DeadlineMS *int
	// Code is the error code when it is a string; CodeRaw is the code
	// field as sent (nil when absent), whatever its shape.
	Code       string
	CodeRaw    []byte
	Message    string
	Seed       string
	SeedCommit string
	// The nested values as sent (nil when absent).
	VisibleState []byte
	LegalActions []byte
	Event        []byte
	Ranking      []byte
}

// ReadEnvelope reads a server message: ok is false when data is not one
// JSON object. It is the one reader of the envelope (the suite, the
// proxy and certification).
func ReadEnvelope(data []byte) (Envelope, bool) {
	if !json.Valid(data) {
		return Envelope{}, false
	}
	return ReadEnvelopeUnchecked(data)
}

// ReadEnvelopeUnchecked is ReadEnvelope of a message already known to be
// JSON (validated by its schema, or written by umpire's own server): it
// does not check the syntax, and reads meaningless values of bytes that
// are not JSON.
func ReadEnvelopeUnchecked(data []byte) (env Envelope, ok bool) {
	ok = members(data, func(k, v []byte) bool {
		switch string(k) {
		case "type":
			env.Type, _ = str(v)
		case "match_id":
			env.MatchID, _ = str(v)
		case "round":
			env.Round, _ = integer(v)
		case "turn":
			env.Turn = num(v)
		case "deadline_ms":
			env.DeadlineMS = num(v)
		case "code":
			env.Code, _ = str(v)
			env.CodeRaw = v
		case "message":
			env.Message, _ = str(v)
		case "seed":
			env.Seed, _ = str(v)
		case "seed_commit":
			env.SeedCommit, _ = str(v)
		case "visible_state":
			env.VisibleState = v
		case "legal_actions":
			env.LegalActions = v
		case "event":
			env.Event = v
		case "ranking":
			env.Ranking = v
		}
		return true
	})
	return env, ok
}

// Event is a match-log object (an event message's event, a log line),
// read as the envelope is: each field on its own.
type Event struct {
	Type        string
	Round       int
	Turn        *int
	Seat        *int
	Value       *int
	Action      string
	Amount      *int
	AllIn       bool
	Timeout     bool
	Strikes     int
	SitOut      bool
	BackInRound int
	DealtIn     []int
	Uncontested bool
	Reveals     []inference.Reveal
	SeedCommit  string
	// message: the table message's text.
	Text string
	// match_start: the seats listed (their seat numbers), the starting
	// stack and the rounds announced.
	Seats           []int
	StartingCredits *int
	RoundsTotal     *int
	// round_start: the dealer and the round's ante.
	Dealer int
	Ante   int
	// showdown: the pot, the winners and the payouts.
	Pot     *int
	Winners []int
	Payouts []inference.Payout
}

// ReadEvent reads a match-log object; a value that is not an object reads
// as an Event of no type.
func ReadEvent(b []byte) Event {
	var ev Event
	members(b, func(k, v []byte) bool {
		switch string(k) {
		case "type":
			ev.Type, _ = str(v)
		case "round":
			ev.Round = intOr0(v)
		case "turn":
			ev.Turn = num(v)
		case "seat":
			ev.Seat = num(v)
		case "value":
			ev.Value = num(v)
		case "action":
			ev.Action, _ = str(v)
		case "amount":
			ev.Amount = num(v)
		case "timeout":
			ev.Timeout = flag(v)
		case "strikes":
			ev.Strikes = intOr0(v)
		case "sit_out":
			ev.SitOut = flag(v)
		case "back_in_round":
			ev.BackInRound = intOr0(v)
		case "uncontested":
			ev.Uncontested = flag(v)
		case "all_in":
			ev.AllIn = flag(v)
		case "starting_credits":
			ev.StartingCredits = num(v)
		case "rounds_total":
			ev.RoundsTotal = num(v)
		case "dealer":
			ev.Dealer = intOr0(v)
		case "ante":
			ev.Ante = intOr0(v)
		case "pot":
			ev.Pot = num(v)
		case "winners":
			ev.Winners = ints(v, ev.Winners)
		case "seats":
			ev.Seats = ev.Seats[:0]
			elements(v, func(o []byte) {
				seat, has := 0, false // of a repeated key, the last
				members(o, func(k, v []byte) bool {
					if string(k) == "seat" {
						seat, has = integer(v)
					}
					return true
				})
				if has {
					ev.Seats = append(ev.Seats, seat)
				}
			})
		case "payouts":
			ev.Payouts = ev.Payouts[:0]
			elements(v, func(r []byte) {
				if seat, amount, hasSeat, hasAmount := pair(r, "seat", "amount"); hasSeat || hasAmount {
					ev.Payouts = append(ev.Payouts, inference.Payout{Seat: seat, Amount: amount})
				}
			})
		case "seed_commit":
			ev.SeedCommit, _ = str(v)
		case "text":
			ev.Text, _ = str(v)
		case "dealt_in":
			ev.DealtIn = ints(v, ev.DealtIn)
		case "reveals":
			ev.Reveals = ev.Reveals[:0]
			elements(v, func(r []byte) {
				if seat, value, hasSeat, hasValue := pair(r, "seat", "value"); hasSeat || hasValue {
					ev.Reveals = append(ev.Reveals, inference.Reveal{Seat: seat, Value: value})
				}
			})
		}
		return true
	})
	return ev
}

// ReadLegal reads a legal_actions array tolerantly: every item that is an
// object with a string action, its amount, min and max when they are
// integers (other fields, and items of another shape, skipped). ok is
// false when b is not an array.
func ReadLegal(b []byte) (legal []inference.LegalAction, ok bool) {
	ok = elements(b, func(it []byte) {
		var a inference.LegalAction
		has := false
		members(it, func(k, v []byte) bool {
			switch string(k) {
			case "action":
				a.Action, has = str(v)
			case "amount":
				a.Amount = intOr0(v)
			case "min":
				a.Min = intOr0(v)
			case "max":
				a.Max = intOr0(v)
			}
			return true
		})
		if has {
			legal = append(legal, a)
		}
	})
	return legal, ok
}

// ReadRanking reads a match_end's ranking (nil when it is not an array of
// entries). Unlike the other readers it is all or nothing, through
// encoding/json: an entry of another shape leaves the whole ranking nil.
// Its one reader is the embedded server's ReadSent (certification, of a
// match_end its own server's door does not say);
// the suite judges a ranking's shape with the schema.
func ReadRanking(b []byte) []inference.RankEntry {
	var r []inference.RankEntry
	if json.Unmarshal(b, &r) != nil {
		return nil
	}
	return r
}

// pair reads the integers of two members of the object o (of a repeated
// key, the last; has false when absent or not an integer).
func pair(o []byte, a, b string) (x, y int, hasX, hasY bool) {
	members(o, func(k, v []byte) bool {
		switch string(k) {
		case a:
			x, hasX = integer(v)
		case b:
			y, hasY = integer(v)
		}
		return true
	})
	return x, y, hasX, hasY
}

// ints reads an array of integers into dst[:0] (its other elements
// skipped).
func ints(v []byte, dst []int) []int {
	dst = dst[:0]
	elements(v, func(d []byte) {
		if n, ok := integer(d); ok {
			dst = append(dst, n)
		}
	})
	return dst
}

// intOr0 is the integer value v holds, 0 for any other value.
func intOr0(v []byte) int {
	n, _ := integer(v)
	return n
}
