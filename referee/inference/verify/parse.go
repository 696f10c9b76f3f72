package verify

import (
	"unicode/utf8"

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

// documentFields returns the fields of r's object type that the rules
// document names itself ("showdown carries reveals, winners, pot, payouts";
// a timeout "with sit_out: true and back_in_round on the third strike"; a
// deal_private line carries the hidden value), with the document rule a
// line without them breaks. Every other required field is WIRE.md's pin.
func documentFields(r *record) (rule string, fields uint32) {
	switch {
	case r.typ == ref.EventShowdown:
		return "inference/wire.events.showdown", fPot | fReveals | fWinners | fPayouts
	case r.typ == ref.EventTimeout && r.sitOut:
		return "inference/wire.events.objects", fBackIn
	case r.typ == ref.EventDealPrivate:
		return "inference/wire.events.objects", fValue
	}
	return "", 0
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
	action, reason, seed, deal                                           string
	textLen                                                              int

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
	r.textLen, r.action, r.reason, r.seed, r.deal = 0, "", "", "", ""
	r.dealtIn, r.winners = r.dealtIn[:0], r.winners[:0]
	r.reveals, r.payouts, r.ranking = r.reveals[:0], r.payouts[:0], r.ranking[:0]
	r.raw, r.bad = "", ""
}

// parse decodes and validates line into r. ok is false when the line is
// not valid JSON; obj is false when it is valid JSON but not an object.
func (r *record) parse(line []byte) (ok, obj bool) {
	r.reset()
	s := scanner{b: line}
	if s.peek() != '{' {
		return s.skip(1) && s.peek() == 0 && s.i == len(s.b), false
	}
	s.i++
	if !s.eat('}') {
		for {
			key, esc, good := s.str()
			if !good || !s.eat(':') {
				return false, true
			}
			if esc {
				name, good := unquote(key)
				if !good {
					return false, true
				}
				key = []byte(name)
			}
			if !r.field(&s, key) {
				return false, true
			}
			if s.eat('}') {
				break
			}
			if !s.eat(',') {
				return false, true
			}
		}
	}
	if s.peek() != 0 || s.i != len(s.b) {
		return false, true
	}
	if r.typ == ref.EventMatchStart {
		r.raw = string(line)
	}
	return true, true
}

func (r *record) badf(name, want string) {
	if r.bad == "" {
		r.bad = "field \"" + name + "\" must be " + want
	}
}

func (r *record) intField(s *scanner, bit uint32, name string, dst *int) bool {
	n, isInt, ok := s.integer()
	if !isInt {
		r.badf(name, "an integer")
		return ok
	}
	*dst = n
	r.has |= bit
	return ok
}

func (r *record) boolField(s *scanner, bit uint32, name string, dst *bool) bool {
	b, isBool, ok := s.boolean()
	if !isBool {
		r.badf(name, "true or false")
		return ok
	}
	*dst = b
	r.has |= bit
	return ok
}

// strField reads a string value; dst may be nil when only presence counts.
func (r *record) strField(s *scanner, bit uint32, name string, dst *string) bool {
	if s.peek() != '"' {
		r.badf(name, "a string")
		return s.skip(1)
	}
	raw, esc, ok := s.str()
	if !ok {
		return false
	}
	if dst != nil {
		if esc {
			if *dst, ok = unquote(raw); !ok {
				return false
			}
		} else {
			*dst = string(raw)
		}
	}
	r.has |= bit
	return true
}

// typeField reads "type" without allocating for the known types.
func (r *record) typeField(s *scanner) bool {
	if s.peek() != '"' {
		r.badf("type", "a string")
		return s.skip(1)
	}
	raw, esc, ok := s.str()
	if !ok {
		return false
	}
	switch string(raw) {
	case ref.EventMatchStart:
		r.typ = ref.EventMatchStart
	case ref.EventRoundStart:
		r.typ = ref.EventRoundStart
	case ref.EventDealPrivate:
		r.typ = ref.EventDealPrivate
	case ref.EventAnte:
		r.typ = ref.EventAnte
	case ref.EventMessage:
		r.typ = ref.EventMessage
	case ref.EventAction:
		r.typ = ref.EventAction
	case ref.EventTimeout:
		r.typ = ref.EventTimeout
	case ref.EventShowdown:
		r.typ = ref.EventShowdown
	case ref.EventBust:
		r.typ = ref.EventBust
	case ref.EventReturn:
		r.typ = ref.EventReturn
	case ref.EventMatchEnd:
		r.typ = ref.EventMatchEnd
	default:
		if esc {
			r.typ, ok = unquote(raw)
			return ok
		}
		r.typ = string(raw)
	}
	return true
}

// actionField reads "action" without allocating for the three actions.
func (r *record) actionField(s *scanner) bool {
	if s.peek() != '"' {
		r.badf("action", "a string")
		return s.skip(1)
	}
	raw, esc, ok := s.str()
	if !ok {
		return false
	}
	switch string(raw) {
	case ref.ActionFold:
		r.action = ref.ActionFold
	case ref.ActionCall:
		r.action = ref.ActionCall
	case ref.ActionRaise:
		r.action = ref.ActionRaise
	default:
		if esc {
			r.action, ok = unquote(raw)
			if !ok {
				return false
			}
		} else {
			r.action = string(raw)
		}
	}
	r.has |= fAction
	return true
}

// textField reads "text", keeping only its length in code points.
func (r *record) textField(s *scanner) bool {
	if s.peek() != '"' {
		r.badf("text", "a string")
		return s.skip(1)
	}
	raw, esc, ok := s.str()
	if !ok {
		return false
	}
	if esc {
		r.textLen = escapedRunes(raw)
	} else {
		r.textLen = utf8.RuneCount(raw)
	}
	r.has |= fText
	return true
}

// intsField reads an array of integers.
func (r *record) intsField(s *scanner, bit uint32, name string, dst *[]int) bool {
	if s.peek() != '[' {
		r.badf(name, "an array of integers")
		return s.skip(1)
	}
	s.i++
	good := true
	if !s.eat(']') {
		for {
			n, isInt, ok := s.integer()
			if !ok {
				return false
			}
			if isInt {
				*dst = append(*dst, n)
			} else {
				good = false
			}
			if s.eat(']') {
				break
			}
			if !s.eat(',') {
				return false
			}
		}
	}
	if !good {
		r.badf(name, "an array of integers")
		return true
	}
	r.has |= bit
	return true
}

// objectsField reads an array of objects whose integer members named in
// keys are stored by set (index of the key, value); every key is required.
func (r *record) objectsField(s *scanner, bit uint32, name, want string, keys []string, set func(k, n int), next func()) bool {
	if s.peek() != '[' {
		r.badf(name, want)
		return s.skip(1)
	}
	s.i++
	good := true
	if !s.eat(']') {
		for {
			if s.peek() != '{' {
				good = false
				if !s.skip(1) {
					return false
				}
			} else {
				s.i++
				seen := 0
				next()
				if !s.eat('}') {
					for {
						key, esc, ok := s.str()
						if !ok || !s.eat(':') {
							return false
						}
						k := -1
						if !esc {
							for j, kk := range keys {
								if string(key) == kk {
									k = j
								}
							}
						}
						if k < 0 {
							if !s.skip(1) {
								return false
							}
						} else {
							n, isInt, ok := s.integer()
							if !ok {
								return false
							}
							if !isInt {
								good = false
							}
							set(k, n)
							seen |= 1 << k
						}
						if s.eat('}') {
							break
						}
						if !s.eat(',') {
							return false
						}
					}
				}
				if seen != 1<<len(keys)-1 {
					good = false
				}
			}
			if s.eat(']') {
				break
			}
			if !s.eat(',') {
				return false
			}
		}
	}
	if !good {
		r.badf(name, want)
		return true
	}
	r.has |= bit
	return true
}

var (
	revealKeys  = []string{"seat", "value"}
	payoutKeys  = []string{"seat", "amount"}
	rankingKeys = []string{"seat", "rank", "credits"}
)

// field reads the value of the member name; false means invalid JSON.
func (r *record) field(s *scanner, key []byte) bool {
	switch string(key) { // no allocation: the cases are constants
	case "type":
		return r.typeField(s)
	case "round":
		return r.intField(s, fRound, "round", &r.round)
	case "turn":
		return r.intField(s, fTurn, "turn", &r.turn)
	case "seat":
		return r.intField(s, fSeat, "seat", &r.seat)
	case "dealer":
		return r.intField(s, fDealer, "dealer", &r.dealer)
	case "ante":
		return r.intField(s, fAnte, "ante", &r.ante)
	case "dealt_in":
		r.dealtIn = r.dealtIn[:0]
		return r.intsField(s, fDealtIn, "dealt_in", &r.dealtIn)
	case "value":
		return r.intField(s, fValue, "value", &r.value)
	case "amount":
		return r.intField(s, fAmount, "amount", &r.amount)
	case "all_in":
		return r.boolField(s, fAllIn, "all_in", &r.allIn)
	case "text":
		return r.textField(s)
	case "action":
		return r.actionField(s)
	case "timeout":
		return r.boolField(s, fTimeout, "timeout", &r.timeout)
	case "strikes":
		return r.intField(s, fStrikes, "strikes", &r.strikes)
	case "sit_out":
		return r.boolField(s, fSitOut, "sit_out", &r.sitOut)
	case "back_in_round":
		return r.intField(s, fBackIn, "back_in_round", &r.backIn)
	case "pot":
		return r.intField(s, fPot, "pot", &r.pot)
	case "uncontested":
		return r.boolField(s, fUncontested, "uncontested", &r.uncontested)
	case "reveals":
		r.reveals = r.reveals[:0]
		return r.objectsField(s, fReveals, "reveals", "an array of {seat, value} objects", revealKeys,
			func(k, n int) { setPair(&r.reveals[len(r.reveals)-1], k, n) },
			func() { r.reveals = append(r.reveals, pair{}) })
	case "winners":
		r.winners = r.winners[:0]
		return r.intsField(s, fWinners, "winners", &r.winners)
	case "payouts":
		r.payouts = r.payouts[:0]
		return r.objectsField(s, fPayouts, "payouts", "an array of {seat, amount} objects", payoutKeys,
			func(k, n int) { setPair(&r.payouts[len(r.payouts)-1], k, n) },
			func() { r.payouts = append(r.payouts, pair{}) })
	case "ranking":
		r.ranking = r.ranking[:0]
		return r.objectsField(s, fRanking, "ranking", "an array of {seat, rank, credits} objects", rankingKeys,
			func(k, n int) {
				e := &r.ranking[len(r.ranking)-1]
				switch k {
				case 0:
					e.seat = n
				case 1:
					e.rank = n
				default:
					e.credits = n
				}
			},
			func() { r.ranking = append(r.ranking, rankEntry{}) })
	case "reason":
		return r.strField(s, fReason, "reason", &r.reason)
	case "seed":
		return r.strField(s, fSeed, "seed", &r.seed)
	case "deal", "match_id":
		// Not needed by any check (deal only names umpire's function): a
		// value of another shape is skipped, the schema reports it.
		if s.peek() != '"' {
			if string(key) == "match_id" {
				r.has |= fMatchID // present, of its own shape
			}
			return s.skip(1)
		}
		if string(key) == "deal" {
			return r.strField(s, fDeal, "deal", &r.deal)
		}
		return r.strField(s, fMatchID, "match_id", nil)
	case "rules_version":
		return r.strField(s, fRulesVersion, "rules_version", nil)
	case "seed_commit":
		return r.strField(s, fSeedCommit, "seed_commit", nil)
	case "table_size":
		return r.intField(s, fTableSize, "table_size", new(int))
	case "rounds_total":
		return r.intField(s, fRoundsTotal, "rounds_total", new(int))
	case "starting_credits":
		return r.intField(s, fStartingCredits, "starting_credits", new(int))
	case "seats":
		if s.peek() != '[' {
			r.badf("seats", "an array of {seat, name} objects")
		} else {
			r.has |= fSeats
		}
		return s.skip(1)
	case "limits":
		if s.peek() != '{' {
			r.badf("limits", "an object")
		} else {
			r.has |= fLimits
		}
		return s.skip(1)
	}
	return s.skip(1)
}

func setPair(p *pair, k, n int) {
	if k == 0 {
		p.seat = n
	} else {
		p.n = n
	}
}
