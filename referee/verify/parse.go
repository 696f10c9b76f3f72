package verify

import (
	"encoding/json"
	"math"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// Field bits of record.has.
const (
	fRound uint32 = 1 << iota
	fTurn
	fSeat
	fDealer
	fAnte
	fDealtIn
	fValue
	fAmount
	fAllIn
	fText
	fAction
	fTimeout
	fStrikes
	fSitOut
	fBackIn
	fPot
	fUncontested
	fReveals
	fWinners
	fPayouts
	fReason
	fSeed
	fRanking
	fMatchID
	fRulesVersion
	fTableSize
	fRoundsTotal
	fStartingCredits
	fSeats
	fLimits
	fSeedCommit
	fDeal
)

// fieldNames names the bits, in bit order, for messages.
var fieldNames = [...]string{"round", "turn", "seat", "dealer", "ante", "dealt_in", "value", "amount",
	"all_in", "text", "action", "timeout", "strikes", "sit_out", "back_in_round", "pot", "uncontested",
	"reveals", "winners", "payouts", "reason", "seed", "ranking", "match_id", "rules_version",
	"table_size", "rounds_total", "starting_credits", "seats", "limits", "seed_commit", "deal"}

// required lists the fields each log object type must carry (WIRE.md).
func required(typ string) uint32 {
	switch typ {
	case ref.EventMatchStart:
		return fMatchID | fRulesVersion | fTableSize | fRoundsTotal | fStartingCredits | fSeats | fLimits | fSeedCommit
	case ref.EventRoundStart:
		return fRound | fDealer | fAnte | fDealtIn
	case ref.EventDealPrivate:
		return fRound | fSeat | fValue
	case ref.EventAnte:
		return fRound | fSeat | fAmount
	case ref.EventMessage:
		return fRound | fTurn | fSeat | fText
	case ref.EventAction:
		return fRound | fTurn | fSeat | fAction
	case ref.EventTimeout:
		return fRound | fTurn | fSeat | fStrikes
	case ref.EventShowdown:
		return fRound | fPot | fUncontested | fReveals | fWinners | fPayouts
	case ref.EventBust, ref.EventReturn:
		return fRound | fSeat
	case ref.EventMatchEnd:
		return fRound | fReason | fSeed | fRanking
	}
	return 0
}

// pair is a {seat, value} or {seat, amount} entry.
type pair struct{ seat, n int }

// rankEntry is one entry of match_end.ranking.
type rankEntry struct{ seat, rank, credits int }

// record is one log line, decoded flat. Slices are reused from line to line.
type record struct {
	typ string
	has uint32

	round, turn, seat, dealer, ante, value, amount, strikes, backIn, pot int
	allIn, timeout, sitOut, uncontested                                  bool
	text, action, reason, seed, deal                                     string

	dealtIn, winners []int
	reveals, payouts []pair
	ranking          []rankEntry

	// raw is the whole line, kept for match_start (decoded with encoding/json).
	raw string

	// bad names the first field of the wrong type, with why.
	bad string
}

func (r *record) reset() {
	r.typ, r.has = "", 0
	r.round, r.turn, r.seat, r.dealer, r.ante, r.value, r.amount, r.strikes, r.backIn, r.pot = 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
	r.allIn, r.timeout, r.sitOut, r.uncontested = false, false, false, false
	r.text, r.action, r.reason, r.seed, r.deal = "", "", "", "", ""
	r.dealtIn, r.winners = r.dealtIn[:0], r.winners[:0]
	r.reveals, r.payouts, r.ranking = r.reveals[:0], r.payouts[:0], r.ranking[:0]
	r.raw, r.bad = "", ""
}

// asInt reads an integer JSON number; ok is false for any other value.
func asInt(v gjson.Result) (int, bool) {
	if v.Type != gjson.Number {
		return 0, false
	}
	f := v.Num
	if f != math.Trunc(f) || math.Abs(f) > 1<<50 {
		return 0, false
	}
	return int(f), true
}

func asBool(v gjson.Result) (bool, bool) {
	switch v.Type {
	case gjson.True:
		return true, true
	case gjson.False:
		return false, true
	}
	return false, false
}

// parse decodes line (already known to be valid JSON) into r. It returns
// false when the line is not a JSON object.
func (r *record) parse(line string) bool {
	r.reset()
	obj := gjson.Parse(line)
	if !obj.IsObject() {
		return false
	}
	obj.ForEach(func(k, v gjson.Result) bool {
		r.field(k.Str, v)
		return true
	})
	if r.typ == ref.EventMatchStart {
		r.raw = line
	}
	return true
}

func (r *record) badf(name, want string) {
	if r.bad == "" {
		r.bad = "field \"" + name + "\" must be " + want
	}
}

func (r *record) intField(bit uint32, name string, dst *int, v gjson.Result) {
	n, ok := asInt(v)
	if !ok {
		r.badf(name, "an integer")
		return
	}
	*dst = n
	r.has |= bit
}

func (r *record) boolField(bit uint32, name string, dst *bool, v gjson.Result) {
	b, ok := asBool(v)
	if !ok {
		r.badf(name, "true or false")
		return
	}
	*dst = b
	r.has |= bit
}

func (r *record) strField(bit uint32, name string, dst *string, v gjson.Result) {
	if v.Type != gjson.String {
		r.badf(name, "a string")
		return
	}
	*dst = v.Str
	r.has |= bit
}

func (r *record) intsField(bit uint32, name string, dst *[]int, v gjson.Result) {
	if !v.IsArray() {
		r.badf(name, "an array of integers")
		return
	}
	ok := true
	v.ForEach(func(_, x gjson.Result) bool {
		n, good := asInt(x)
		if !good {
			ok = false
			return false
		}
		*dst = append(*dst, n)
		return true
	})
	if !ok {
		r.badf(name, "an array of integers")
		return
	}
	r.has |= bit
}

// pairsField reads an array of {"seat":s, key:n} objects.
func (r *record) pairsField(bit uint32, name, key string, dst *[]pair, v gjson.Result) {
	want := "an array of {seat, " + key + "} objects"
	if !v.IsArray() {
		r.badf(name, want)
		return
	}
	ok := true
	v.ForEach(func(_, x gjson.Result) bool {
		if !x.IsObject() {
			ok = false
			return false
		}
		p, got := pair{}, 0
		x.ForEach(func(k, y gjson.Result) bool {
			switch k.Str {
			case "seat":
				n, good := asInt(y)
				ok = ok && good
				p.seat, got = n, got|1
			case key:
				n, good := asInt(y)
				ok = ok && good
				p.n, got = n, got|2
			}
			return ok
		})
		if got != 3 {
			ok = false
		}
		*dst = append(*dst, p)
		return ok
	})
	if !ok {
		r.badf(name, want)
		return
	}
	r.has |= bit
}

func (r *record) rankingField(v gjson.Result) {
	const want = "an array of {seat, rank, credits} objects"
	if !v.IsArray() {
		r.badf("ranking", want)
		return
	}
	ok := true
	v.ForEach(func(_, x gjson.Result) bool {
		if !x.IsObject() {
			ok = false
			return false
		}
		e, got := rankEntry{}, 0
		x.ForEach(func(k, y gjson.Result) bool {
			var dst *int
			var bit int
			switch k.Str {
			case "seat":
				dst, bit = &e.seat, 1
			case "rank":
				dst, bit = &e.rank, 2
			case "credits":
				dst, bit = &e.credits, 4
			default:
				return true
			}
			n, good := asInt(y)
			ok = ok && good
			*dst, got = n, got|bit
			return ok
		})
		if got != 7 {
			ok = false
		}
		r.ranking = append(r.ranking, e)
		return ok
	})
	if !ok {
		r.badf("ranking", want)
		return
	}
	r.has |= fRanking
}

func (r *record) field(name string, v gjson.Result) {
	switch name {
	case "type":
		if v.Type == gjson.String {
			r.typ = v.Str
		} else {
			r.badf("type", "a string")
		}
	case "round":
		r.intField(fRound, name, &r.round, v)
	case "turn":
		r.intField(fTurn, name, &r.turn, v)
	case "seat":
		r.intField(fSeat, name, &r.seat, v)
	case "dealer":
		r.intField(fDealer, name, &r.dealer, v)
	case "ante":
		r.intField(fAnte, name, &r.ante, v)
	case "dealt_in":
		r.intsField(fDealtIn, name, &r.dealtIn, v)
	case "value":
		r.intField(fValue, name, &r.value, v)
	case "amount":
		r.intField(fAmount, name, &r.amount, v)
	case "all_in":
		r.boolField(fAllIn, name, &r.allIn, v)
	case "text":
		r.strField(fText, name, &r.text, v)
	case "action":
		r.strField(fAction, name, &r.action, v)
	case "timeout":
		r.boolField(fTimeout, name, &r.timeout, v)
	case "strikes":
		r.intField(fStrikes, name, &r.strikes, v)
	case "sit_out":
		r.boolField(fSitOut, name, &r.sitOut, v)
	case "back_in_round":
		r.intField(fBackIn, name, &r.backIn, v)
	case "pot":
		r.intField(fPot, name, &r.pot, v)
	case "uncontested":
		r.boolField(fUncontested, name, &r.uncontested, v)
	case "reveals":
		r.pairsField(fReveals, name, "value", &r.reveals, v)
	case "winners":
		r.intsField(fWinners, name, &r.winners, v)
	case "payouts":
		r.pairsField(fPayouts, name, "amount", &r.payouts, v)
	case "reason":
		r.strField(fReason, name, &r.reason, v)
	case "seed":
		r.strField(fSeed, name, &r.seed, v)
	case "ranking":
		r.rankingField(v)
	case "deal":
		r.strField(fDeal, name, &r.deal, v)
	case "match_id":
		r.strField(fMatchID, name, new(string), v)
	case "rules_version":
		r.strField(fRulesVersion, name, new(string), v)
	case "seed_commit":
		r.strField(fSeedCommit, name, new(string), v)
	case "table_size":
		r.intField(fTableSize, name, new(int), v)
	case "rounds_total":
		r.intField(fRoundsTotal, name, new(int), v)
	case "starting_credits":
		r.intField(fStartingCredits, name, new(int), v)
	case "seats":
		if v.IsArray() {
			r.has |= fSeats
		} else {
			r.badf(name, "an array of {seat, name} objects")
		}
	case "limits":
		if v.IsObject() {
			r.has |= fLimits
		} else {
			r.badf(name, "an object")
		}
	}
}

// startLine is match_start decoded in full.
type startLine struct {
	MatchID         string         `json:"match_id"`
	RulesVersion    string         `json:"rules_version"`
	TableSize       int            `json:"table_size"`
	RoundsTotal     int            `json:"rounds_total"`
	StartingCredits int            `json:"starting_credits"`
	Seats           []ref.SeatName `json:"seats"`
	Limits          ref.Limits     `json:"limits"`
	SeedCommit      string         `json:"seed_commit"`
	Deal            string         `json:"deal"`
}

func decodeStart(raw string) (startLine, error) {
	var s startLine
	err := json.Unmarshal([]byte(raw), &s)
	return s, err
}
