package verify

import (
	"bytes"
	"fmt"
	"strings"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/rulebook"
	"github.com/umpire-arena/umpire/referee/rules"
)

// MaxLineBytes is the longest log line accepted (WIRE.md: messages up to
// 1 MiB); a longer one is a finding of inference/log.line-length.
const MaxLineBytes = 1 << 20

// DealMode says whether the log's hidden values are re-derived from the
// revealed seed with umpire's documented deal function (inference.DealValue).
type DealMode int

// The deal modes.
const (
	// DealAuto re-derives the deals when match_start names umpire's deal
	// function (field "deal" equal to DealFunction), or, when it names none,
	// when the log's own deals show they were drawn by it (I-INF-V1).
	DealAuto DealMode = iota
	// DealUmpire always re-derives: the log claims to come from umpire.
	DealUmpire
	// DealOther never re-derives: only the seed commitment is checked.
	DealOther
)

// DealFunction is the value of match_start's optional "deal" field that
// names umpire's deal function (seats, first dealer and values drawn from
// the seed by inference.SeatAssignment, FirstDealer and DealValue).
const DealFunction = "umpire-sha256-v1"

// maxDeals bounds the deals a Verifier keeps until the seed is revealed;
// past it, further deals are counted inconclusive (constant memory).
const maxDeals = 1 << 14

// Options configure a Verifier.
type Options struct {
	// File names the log in findings (Where.File).
	File string
	// Deal selects whether deals are re-derived from the seed.
	Deal DealMode
	// Unfinished accepts a log that stops before match_end (a match still
	// in play, as GET /r/{id}.jsonl serves it): the end is then counted
	// inconclusive instead of reported.
	Unfinished bool
}

// Summary is what a verification found, in counts.
type Summary struct {
	File string `json:"file,omitempty"`
	// Lines is the number of lines read, Rounds the rounds started.
	Lines  int `json:"lines"`
	Rounds int `json:"rounds"`
	// Must, Should and Info count findings by level.
	Must   int `json:"must"`
	Should int `json:"should"`
	Info   int `json:"info"`
	// Inconclusive counts checks the log could not settle (hidden values
	// of a public log, deals of a foreign deal function), by rule in
	// InconclusiveByRule.
	Inconclusive       int            `json:"inconclusive"`
	InconclusiveByRule map[string]int `json:"inconclusive_by_rule,omitempty"`
	// Public is true when no round of the log carried deal_private lines.
	Public bool `json:"public"`
	// DealsRederived counts the values re-derived from the seed: the
	// deal_private lines, and in public rounds the values revealed at
	// showdown.
	DealsRederived int `json:"deals_rederived"`
	// Ended is true when the log reached match_end.
	Ended bool `json:"ended"`
	// Evaluated counts, per rule id, the checks the verifier made of the
	// rule on this log, passed or failed: a rule absent from it was not
	// exercised by the log (no tie, no sit-out, no short stack…).
	Evaluated map[string]int `json:"evaluated,omitempty"`
}

// stage is where the verifier is within the match.
type stage int

const (
	stBefore   stage = iota // before match_start
	stBetween               // between rounds
	stReturns               // after round_start
	stDeals                 // deal_private lines
	stAntes                 // ante lines
	stBetting               // betting
	stShowdown              // betting over, showdown due
	stBusts                 // after the showdown
	stEnded                 // after match_end
)

// seatExtra is what the verifier knows of one seat beyond the engine's
// SeatState (Verifier.seats: credits, bust, sit-out, strikes, the round's
// flags, contribution, bet and value, 0 while hidden), on which the
// engine's rules are evaluated: what only a reader of a log needs.
type seatExtra struct {
	anted     bool
	dealt     bool
	returning bool // a return line is due this round
	// softSit: the verifier expected a sit-out the log did not announce
	// (already reported); softBack: a back_in_round the log announced that
	// differs from the expected one (already reported). Either way the
	// seat may come back at the round the log implies without a further
	// finding.
	softSit  bool
	softBack int
	// softLeft: a wrong deal left this live seat out (reported); taken
	// as a one-round sit-out whose return line, optReturn, may or may not
	// come (I-INF-V7).
	softLeft, optReturn bool
	// softBust: a bust line named this seat while it held credits
	// (reported); being dealt in again later is not a second finding.
	softBust bool
	// cleared: a move of its own reset the seat's strikes since its last
	// timeout.
	cleared bool
	// delta, when not 0, keeps a second reading of the stack, credits +
	// delta: after the log paid a showdown differently from the rules
	// (reported), the seat holds either what the log paid or what the
	// rules would have paid. The next line that depends on the stack
	// settles which (pick), so one wrong payout gives one finding.
	delta int
	// again is what the seat had bet this round before each of its raises
	// (a raise costs what it owed plus the increment): a server that
	// charged a raise the whole new bet took it from the stack a second
	// time, into the pot. The line that tells the two readings apart
	// settles which (raiseCharge).
	again int
	// unsure: the credits are not known (after a round the log did not
	// close); checks that need them are inconclusive until the log shows
	// the stack again.
	unsure bool
}

// deal is one deal_private line kept until the seed is revealed.
type deal struct {
	line        int32
	round       int32
	seat, value uint8
	reveal      bool // a value revealed at a showdown of a public round
}

// Verifier replays one Inference match log. It is not safe for concurrent
// use; make one per log.
type Verifier struct {
	opts   Options
	levels map[string]rules.Level

	cfg ref.Config
	// seats is the table as the engine's rules see it; xs, by seat, what
	// the verifier keeps beside it.
	seats []ref.SeatState
	xs    []seatExtra

	// rs is the round as the engine counts it (number, dealer, ante, bet,
	// raises, turn, seat to act), advanced by its methods as the lines
	// come and set to what the log says where the two part.
	rs ref.RoundState

	st            stage
	lineNo        int
	firstDeal     int // round 1's dealer
	firstDealLine int
	anteNext      int // seat whose ante is expected next, -1 when all paid
	rampAnte      int // the ante the ramp gives this round
	altDealer     int // the expected dealer when the log named another, else -1
	owedSeat      int // the seat passed over by an out-of-turn action, else -1
	lastSeat      int // seat and turn of the last action
	lastTurn      int
	turnAlt       int // the turn expected before the log's last renumbering, else -1
	bustNext      int // seat order position for the next bust line

	pendMsg     bool
	pendMsgSeat int
	pendMsgTurn int
	pendMsgLine int
	pendTO      bool
	pendTOSeat  int
	pendTOTurn  int

	noStart    bool // the log has no match_start
	seedCommit string
	dealName   string
	deals      []deal
	dealsLost  int

	evals [numEval]uint32
	// evalOther counts evaluations of rules outside the fixed table (a
	// finding on a rule a settings error names).
	evalOther map[string]int

	settler ref.Settler

	rec  record
	out  []rules.Finding
	sum  Summary
	scr  scratch
	done bool
}

// scratch is reused per round.
type scratch struct {
	contrib   []int
	folded    []bool
	values    []int
	paid      []int
	want      []int
	standings []ref.Standing
}

// NewInference returns a Verifier for one Inference match log.
func NewInference(opts Options) *Verifier {
	v := &Verifier{opts: opts, levels: map[string]rules.Level{}, rs: ref.RoundState{ToAct: -1}, anteNext: -1, altDealer: -1, owedSeat: -1, lastSeat: -1, turnAlt: -1}
	for _, r := range rulebook.Rules() {
		v.levels[r.ID] = r.Level
	}
	v.sum.File = opts.File
	v.sum.Public = true
	v.setTable(ref.DefaultConfig())
	return v
}

func (v *Verifier) setTable(cfg ref.Config) {
	v.cfg = cfg
	v.seats = make([]ref.SeatState, cfg.TableSize)
	v.xs = make([]seatExtra, cfg.TableSize)
	for i := range v.seats {
		v.seats[i].Credits = cfg.StartingCredits
	}
	n := cfg.TableSize
	v.scr = scratch{contrib: make([]int, n), folded: make([]bool, n), values: make([]int, n), paid: make([]int, n), want: make([]int, n), standings: make([]ref.Standing, n)}
}

// where returns the location of the current line.
func (v *Verifier) where(seat, turn int) rules.Where {
	w := rules.Where{File: v.opts.File, Line: v.lineNo, Round: v.rs.Round}
	if turn >= 0 {
		w.Turn = rules.IntPtr(turn)
	}
	if seat >= 0 {
		w.Seat = rules.IntPtr(seat)
	}
	return w
}

// report adds a finding for rule at the current line.
func (v *Verifier) report(rule string, seat, turn int, expected, got any, format string, args ...any) {
	v.reportAt(v.where(seat, turn), rule, expected, got, format, args...)
}

func (v *Verifier) reportAt(w rules.Where, rule string, expected, got any, format string, args ...any) {
	lvl, ok := v.levels[rule]
	if !ok {
		lvl = rules.Must
	}
	v.evalID(rule) // a finding is an evaluation too
	switch lvl {
	case rules.Must:
		v.sum.Must++
	case rules.Should:
		v.sum.Should++
	default:
		v.sum.Info++
	}
	msg := format // no formatting for a fixed message: a log of bad lines gives one per line
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	v.out = append(v.out, rules.Finding{Rule: rule, Level: lvl, Where: w, Expected: expected, Got: got, Message: msg})
}

// pick settles a seat's two readings of its stack (*credits, and
// *credits + delta) with a check of the current line: when only the second
// reading passes, it becomes the stack; when only the first passes, the
// second is dropped.
func (p *seatExtra) pick(credits *int, ok func(credits int) bool) {
	if p.delta == 0 {
		return
	}
	alt := *credits + p.delta
	okP, okA := ok(*credits), alt >= 0 && ok(alt)
	switch {
	case !okP && okA:
		*credits, p.delta = alt, 0
	case okP && !okA:
		p.delta = 0
	}
}

// inconclusive counts a check the log cannot settle.
func (v *Verifier) inconclusive(rule string, n int) {
	if n <= 0 {
		return
	}
	if v.sum.InconclusiveByRule == nil {
		v.sum.InconclusiveByRule = map[string]int{}
	}
	v.sum.Inconclusive += n
	v.sum.InconclusiveByRule[rule] += n
}

// Line verifies one log line (lineNo is 1-based, data without its newline)
// and returns the findings it gives. The returned slice is reused by the
// next call to Line or Finish: copy what you keep.
func (v *Verifier) Line(lineNo int, data []byte) []rules.Finding {
	if len(data) > MaxLineBytes {
		return v.tooLong(lineNo, len(data))
	}
	v.out = v.out[:0]
	v.lineNo = lineNo
	v.sum.Lines++
	if v.done {
		return v.out
	}
	v.eval(eLineLength)
	v.eval(eLogLine)
	if len(bytes.TrimSpace(data)) == 0 {
		v.report("inference/protocol.log-line", -1, -1, nil, nil, "each log line must be one JSON object; this line is empty")
		return v.out
	}
	r := &v.rec
	valid, obj := r.parse(data)
	switch {
	case !valid:
		v.report("inference/protocol.log-line", -1, -1, nil, nil, "each log line must be one JSON object; this line is not valid JSON")
		return v.out
	case !obj:
		v.report("inference/protocol.log-line", -1, -1, nil, nil, "each log line must be one JSON object; this line is valid JSON but not an object")
		return v.out
	}
	if r.bad != "" {
		v.report("inference/protocol.log-line", -1, -1, nil, nil, "a %s line has a field of the wrong type: %s", quoteType(r.typ), r.bad)
		return v.out
	}
	need := required(r.typ)
	if need == 0 {
		if r.typ == "" {
			v.report("inference/protocol.log-line", -1, -1, nil, nil, "every log line needs a string field \"type\"")
		} else {
			v.report("inference/protocol.log-line", -1, -1, nil, shortType(r.typ), "the log object type %s is not one of the match log's types", quoteType(r.typ))
		}
		return v.out
	}
	if r.typ == ref.EventAction && (r.action == ref.ActionCall || r.action == ref.ActionRaise) {
		need |= fAmount
	}
	if r.typ == ref.EventTimeout && r.sitOut {
		need |= fBackIn
	}
	if miss := need &^ r.has; miss != 0 {
		// The fields the rules document itself gives the object break its
		// rule; the other fields are WIRE.md's pin (protocol.log-line).
		if rule, doc := documentFields(r); miss&doc != 0 {
			v.report(rule, -1, -1, nil, nil, "a %s line must carry %s", r.typ, fieldList(miss&doc))
		} else {
			v.report("inference/protocol.log-line", -1, -1, nil, nil, "a %s line must carry %s", r.typ, fieldList(miss))
		}
		return v.out
	}
	if v.st == stEnded {
		v.eval(eMatchEndLast)
		v.report("inference/log.match-end-last", -1, -1, nil, r.typ, "nothing may follow match_end; this %s line is ignored", r.typ)
		v.done = true
		return v.out
	}
	if v.st == stBefore {
		v.eval(eMatchStartFirst)
	}
	if r.typ != ref.EventMatchStart && v.st == stBefore {
		v.report("inference/log.match-start-first", -1, -1, ref.EventMatchStart, r.typ, "a match log starts with match_start; without it the stacks and the seed commitment are unknown")
		v.st = stBetween
		v.noStart = true
	}
	switch r.typ {
	case ref.EventMatchStart:
		v.matchStart(r)
	case ref.EventRoundStart:
		v.roundStart(r)
	case ref.EventReturn:
		v.returnLine(r)
	case ref.EventDealPrivate:
		v.dealLine(r)
	case ref.EventAnte:
		v.anteLine(r)
	case ref.EventMessage:
		v.messageLine(r)
	case ref.EventTimeout:
		v.timeoutLine(r)
	case ref.EventAction:
		v.actionLine(r)
	case ref.EventShowdown:
		v.showdownLine(r)
	case ref.EventBust:
		v.bustLine(r)
	case ref.EventMatchEnd:
		v.matchEnd(r)
	}
	return v.out
}

// Finish closes the log and returns the summary. A log that stops before
// match_end is a finding (inference/log.match-end-last) unless
// Options.Unfinished; Finish only counts the findings it adds, use
// FinishFindings instead to get them.
func (v *Verifier) Finish() Summary {
	v.FinishFindings()
	return v.Summary()
}

// FinishFindings is Finish returning the findings it adds (reused slice, as
// for Line). Call Summary afterwards for the counts.
func (v *Verifier) FinishFindings() []rules.Finding {
	v.out = v.out[:0]
	if v.st != stEnded && !v.done {
		if v.st == stBefore {
			v.report("inference/log.match-start-first", -1, -1, ref.EventMatchStart, nil, "the log holds no match_start line")
		}
		if v.opts.Unfinished && v.st != stBefore {
			v.inconclusive("inference/log.match-end-last", 1)
			// The seed is not revealed yet: the deals stay unchecked.
			v.inconclusive("inference/protocol.deal-function", len(v.deals)+v.dealsLost)
			v.done = true
			return v.out
		}
		v.report("inference/log.match-end-last", -1, -1, ref.EventMatchEnd, nil, "the log ends without match_end (truncated, or the match was not finished)")
		v.done = true
	}
	return v.out
}

// Summary returns the counts so far.
func (v *Verifier) Summary() Summary {
	s := v.sum
	s.Evaluated = v.evaluated()
	if s.InconclusiveByRule != nil {
		m := make(map[string]int, len(s.InconclusiveByRule))
		for k, n := range s.InconclusiveByRule {
			m[k] = n
		}
		s.InconclusiveByRule = m
	}
	return s
}

func shortType(t string) string {
	if len(t) > 40 {
		return t[:40] + "…"
	}
	return t
}

func quoteType(t string) string {
	if len(t) > 40 {
		t = t[:40] + "…"
	}
	return fmt.Sprintf("%q", t)
}

func fieldList(bits uint32) string {
	var names []string
	for i, n := range fieldNames {
		if bits&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// seatOK reports whether seat is a seat of the table, reporting it when not.
func (v *Verifier) seatOK(seat, turn int) bool {
	if seat >= 0 && seat < len(v.seats) {
		return true
	}
	v.report("inference/log.seats", -1, turn, fmt.Sprintf("0..%d", len(v.seats)-1), seat, "seat %d is not a seat of this table of %d; the line is ignored", seat, len(v.seats))
	return false
}

// checkRound reports a line whose round is not the round in play.
func (v *Verifier) checkRound(r *record, seat, turn int) {
	if r.round != v.rs.Round {
		v.wrongRound(r.round, seat, turn)
	}
}

// wrongRound is checkRound's finding (apart, so that checkRound inlines).
//
//go:noinline
func (v *Verifier) wrongRound(round, seat, turn int) {
	v.report("inference/log.round-sequence", seat, turn, v.rs.Round, round, "every line of a round carries its number; round %d is in play", v.rs.Round)
}
