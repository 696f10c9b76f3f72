package inference

import (
	"strconv"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Phase is where a State is in the match.
type Phase int

// The phases of a State.
const (
	// PhaseReady: between rounds (or before round 1); StartRound is next.
	PhaseReady Phase = iota
	// PhaseBetting: a seat is to act (ToAct); Apply or Timeout is next.
	PhaseBetting
	// PhaseShowdown: betting is over but a contender's value is unknown;
	// Reveal is next.
	PhaseShowdown
	// PhaseOver: the match has ended.
	PhaseOver
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseReady:
		return "ready"
	case PhaseBetting:
		return "betting"
	case PhaseShowdown:
		return "showdown"
	case PhaseOver:
		return "over"
	}
	return "unknown"
}

// SeatState is one seat's state, as the State's read accessors return it.
type SeatState struct {
	Name    string
	Credits int
	// Busted seats have no credits left and take no further part.
	Busted    bool
	BustRound int
	// SittingOut seats are skipped from the next round until BackInRound.
	SittingOut  bool
	BackInRound int
	// Strikes counts consecutive timeouts.
	Strikes int
	// InRound: dealt in this round (live).
	InRound bool
	Folded  bool
	AllIn   bool
	// Contribution is ante plus bets this round; Bet is the bets alone.
	Contribution int
	Bet          int
	// Value is the hidden value this round, 0 when unknown or not dealt.
	Value int
	// Acted: has acted since the last raise this round.
	Acted bool
}

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

// Setup names the players of a State and how the match was drawn.
type Setup struct {
	// MatchID goes into match_start.
	MatchID string
	// Seed is revealed in match_end; its commitment goes into match_start.
	Seed string
	// Names are the players in seat order; len(Names) must be the table size.
	Names []string
	// FirstDealer is round 1's dealer seat.
	FirstDealer int
}

// State is one match of Inference: seats, the round in play, history. It
// never deals by itself: StartRound takes the values (Match deals from the
// seed). Methods that change it either succeed completely or return a
// *rules.Error and change nothing.
type State struct {
	cfg    Config
	setup  Setup
	seats  []SeatState
	sink   Sink
	ev     Event
	phase  Phase
	round  int
	dealer int
	// nextDealer overrides the rotation for the next round when ≥ 0.
	nextDealer int

	ante       int
	currentBet int
	raisesUsed int
	turn       int
	toAct      int
	pot        int

	actions  []ActionRecord
	messages []MessageRecord
	history  []RoundRecord

	reason  string
	ranking []RankEntry

	// Scratch, reused every round.
	dealtIn  []int
	returned []int
	contrib  []int
	folded   []bool
	values   []int
	outcome  Outcome
	sc       settleScratch
	arena    historyArena
	seatList []SeatName
}

// NewState validates cfg and setup and returns a State before round 1. It
// emits match_start to sink (which may be nil).
func NewState(cfg Config, setup Setup, sink Sink) (*State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if len(setup.Names) != cfg.TableSize {
		return nil, rules.Errorf("inference/table.size", "%d player names for a table of %d", len(setup.Names), cfg.TableSize)
	}
	if setup.FirstDealer < 0 || setup.FirstDealer >= cfg.TableSize {
		return nil, rules.Errorf("inference/table.button", "first dealer %d is not a seat of a table of %d", setup.FirstDealer, cfg.TableSize)
	}
	n := cfg.TableSize
	s := &State{
		cfg:        cfg,
		setup:      setup,
		seats:      make([]SeatState, n),
		sink:       sink,
		dealer:     setup.FirstDealer,
		nextDealer: -1,
		toAct:      -1,
		dealtIn:    make([]int, 0, n),
		returned:   make([]int, 0, n),
		contrib:    make([]int, n),
		folded:     make([]bool, n),
		values:     make([]int, n),
		actions:    make([]ActionRecord, 0, 16),
		messages:   make([]MessageRecord, 0, 8),
		history:    make([]RoundRecord, 0, min(cfg.Rounds, 64)),
	}
	s.setup.Names = append([]string(nil), setup.Names...)
	for i := range s.seats {
		s.seats[i] = SeatState{Name: setup.Names[i], Credits: cfg.StartingCredits}
		s.seatList = append(s.seatList, SeatName{Seat: i, Name: setup.Names[i]})
	}
	if s.sink != nil {
		s.ev = Event{
			Type:            EventMatchStart,
			MatchID:         setup.MatchID,
			RulesVersion:    RulesVersion,
			TableSize:       n,
			RoundsTotal:     cfg.Rounds,
			StartingCredits: cfg.StartingCredits,
			Seats:           s.seatList,
			Limits:          cfg.Limits(0),
			SeedCommit:      SeedCommit(setup.Seed),
		}
		s.sink.Emit(&s.ev)
	}
	return s, nil
}

// SetSink replaces the event sink (nil for none).
func (s *State) SetSink(sink Sink) { s.sink = sink }

// Config returns the match configuration.
func (s *State) Config() Config { return s.cfg }

// Setup returns the match setup.
func (s *State) Setup() Setup { return s.setup }

// Phase returns the current phase.
func (s *State) Phase() Phase { return s.phase }

// Round returns the current (or last) round, 0 before round 1.
func (s *State) Round() int { return s.round }

// Dealer returns the dealer seat of the current round (round 1's before it).
func (s *State) Dealer() int { return s.dealer }

// Ante returns the ante of the current round.
func (s *State) Ante() int { return s.ante }

// ToAct returns the seat to act, or -1 outside betting.
func (s *State) ToAct() int {
	if s.phase != PhaseBetting {
		return -1
	}
	return s.toAct
}

// Turn returns the number of the next action of the round (0-based).
func (s *State) Turn() int { return s.turn }

// CurrentBet returns the bet above the ante every seat must match.
func (s *State) CurrentBet() int { return s.currentBet }

// RaisesUsed returns the raises made this round.
func (s *State) RaisesUsed() int { return s.raisesUsed }

// Pot returns the credits in the pot this round.
func (s *State) Pot() int { return s.pot }

// NumSeats returns the table size.
func (s *State) NumSeats() int { return len(s.seats) }

// Seat returns a copy of seat i's state.
func (s *State) Seat(i int) SeatState { return s.seats[i] }

// Seats returns a copy of every seat's state.
func (s *State) Seats() []SeatState { return append([]SeatState(nil), s.seats...) }

// Actions returns a copy of the current round's actions.
func (s *State) Actions() []ActionRecord { return append([]ActionRecord(nil), s.actions...) }

// Messages returns a copy of the current round's messages.
func (s *State) Messages() []MessageRecord { return append([]MessageRecord(nil), s.messages...) }

// History returns the finished rounds, oldest first (shared; do not modify).
func (s *State) History() []RoundRecord { return s.history }

// LastOutcome returns the outcome of the last settled round (shared).
func (s *State) LastOutcome() Outcome { return s.outcome }

// EndReason returns the match_end reason once the match is over, else "".
func (s *State) EndReason() string { return s.reason }

// Ranking returns the final ranking once the match is over, else nil.
func (s *State) Ranking() []RankEntry { return s.ranking }

// TotalCredits returns the credits held by seats plus the pot: constant
// over a match (StartingCredits × TableSize).
func (s *State) TotalCredits() int {
	t := s.pot
	if s.phase == PhaseReady || s.phase == PhaseOver {
		t = 0
	}
	for i := range s.seats {
		t += s.seats[i].Credits
	}
	return t
}

// ToCall returns what seat owes to stay in: the current bet less its bets
// this round, capped at its credits; 0 when it is not in the round.
func (s *State) ToCall(seat int) int {
	p := &s.seats[seat]
	if !p.InRound || p.Folded || s.phase != PhaseBetting {
		return 0
	}
	return min(s.currentBet-p.Bet, p.Credits)
}

// SetCredits overwrites a seat's credits between rounds (a verifier
// resynchronising on a log). It fails outside PhaseReady or for a negative
// amount.
func (s *State) SetCredits(seat, credits int) error {
	if s.phase != PhaseReady || seat < 0 || seat >= len(s.seats) || credits < 0 {
		return rules.Errorf("inference/protocol.log-order", "credits can only be set between rounds, to a seat that exists, not below 0")
	}
	s.seats[seat].Credits = credits
	return nil
}

// SetNextDealer makes seat the dealer of the next round instead of the
// rotation (a verifier following a log's round_start).
func (s *State) SetNextDealer(seat int) error {
	if s.phase != PhaseReady || seat < 0 || seat >= len(s.seats) {
		return rules.Errorf("inference/table.button", "the next dealer can only be set between rounds, to a seat that exists")
	}
	s.nextDealer = seat
	return nil
}

func (s *State) emit() {
	if s.sink != nil {
		s.sink.Emit(&s.ev)
	}
}

// live reports whether seat i is dealt in the next round (I-INF-1).
func (s *State) liveNext(i int) bool {
	p := &s.seats[i]
	return !p.Busted && (!p.SittingOut || p.BackInRound <= s.round+1)
}

// NextDealer returns the dealer the next round would have (I-INF-2): round
// 1's is the setup's; after that the first seat left of the previous dealer
// that is live in the new round; with no live seat the button stays.
func (s *State) NextDealer() int {
	if s.nextDealer >= 0 {
		return s.nextDealer
	}
	if s.round == 0 {
		return s.setup.FirstDealer
	}
	n := len(s.seats)
	for i := 1; i <= n; i++ {
		if d := (s.dealer + i) % n; s.liveNext(d) {
			return d
		}
	}
	return s.dealer
}

// StartRound begins the next round: seats whose sit-out ends return, the
// dealer moves, every live seat is dealt and posts the ante. values holds
// the dealt value per seat (1–100), 0 when unknown (a public log); nil
// means all unknown. Values of seats not dealt in are ignored. When betting
// cannot open (fewer than two seats able to act) the round is settled at
// once if it can be.
func (s *State) StartRound(values []int) error {
	if s.phase != PhaseReady {
		if s.phase == PhaseOver {
			return rules.Errorf("inference/illegal.match-over", "the match is over")
		}
		return rules.Errorf("inference/protocol.log-order", "round %d is still in play (%s)", s.round, s.phase)
	}
	n := len(s.seats)
	if values != nil && len(values) != n {
		return rules.Errorf("inference/round.1.deal", "%d values for %d seats", len(values), n)
	}
	for i, v := range values {
		if v != 0 && (v < ValueMin || v > ValueMax) && s.liveNext(i) {
			return rules.Errorf("inference/round.1.deal", "seat %d dealt %d, outside %d..%d", i, v, ValueMin, ValueMax)
		}
	}
	dealer := s.NextDealer()
	s.nextDealer = -1
	s.round++
	s.dealer = dealer
	s.ante = AnteFor(s.cfg.Ante, s.cfg.AnteRamp, s.round)
	s.currentBet, s.raisesUsed, s.turn, s.pot, s.toAct = 0, 0, 0, 0, -1
	s.actions, s.messages = s.actions[:0], s.messages[:0]
	s.dealtIn, s.returned = s.dealtIn[:0], s.returned[:0]
	for i := range s.seats {
		p := &s.seats[i]
		if p.SittingOut && !p.Busted && p.BackInRound <= s.round {
			// I-INF-9: back on the last strike; the count is kept.
			p.SittingOut, p.BackInRound = false, 0
			s.returned = append(s.returned, i)
		}
		live := !p.Busted && !p.SittingOut
		p.InRound, p.Folded, p.AllIn, p.Contribution, p.Bet, p.Value, p.Acted = live, false, false, 0, 0, 0, false
		if live {
			s.dealtIn = append(s.dealtIn, i)
			if values != nil {
				p.Value = values[i]
			}
		}
	}
	s.phase = PhaseBetting
	if s.sink != nil {
		s.ev.setSmall(EventRoundStart, s.round, 0, 0)
		s.ev.Dealer, s.ev.Ante, s.ev.DealtIn = dealer, s.ante, s.dealtIn
		s.emit()
		for _, i := range s.returned {
			s.ev.setSmall(EventReturn, s.round, 0, i)
			s.emit()
		}
		for _, i := range s.dealtIn {
			if v := s.seats[i].Value; v != 0 {
				s.ev.setSmall(EventDealPrivate, s.round, 0, i)
				s.ev.Value = v
				s.emit()
			}
		}
	}
	// Antes in seat order from the left of the dealer.
	for k := 1; k <= n; k++ {
		i := (dealer + k) % n
		p := &s.seats[i]
		if !p.InRound {
			continue
		}
		pay := min(s.ante, p.Credits)
		p.Credits -= pay
		p.Contribution = pay
		s.pot += pay
		if p.Credits == 0 {
			p.AllIn = true // short (or exact) stack: all-in for the round
		}
		if s.sink != nil {
			s.ev.setSmall(EventAnte, s.round, 0, i)
			s.ev.Amount, s.ev.HasAmount, s.ev.AllIn = pay, true, p.AllIn
			s.emit()
		}
	}
	// I-INF-3: betting opens only when two or more seats can act.
	canAct := 0
	for _, i := range s.dealtIn {
		if !s.seats[i].AllIn {
			canAct++
		}
	}
	if canAct >= 2 {
		s.toAct = s.nextToAct(dealer)
		return nil
	}
	// I-INF-10: with one or no live seat (or one able to act) there is no
	// betting; the round settles at once.
	s.endBetting()
	return nil
}

// nextToAct returns the first seat after from (in seat order, wrapping) that
// still has to act, or -1.
func (s *State) nextToAct(from int) int {
	n := len(s.seats)
	for k := 1; k <= n; k++ {
		i := (from + k) % n
		p := &s.seats[i]
		if p.InRound && !p.Folded && !p.AllIn && (!p.Acted || p.Bet < s.currentBet) {
			return i
		}
	}
	return -1
}

// endBetting closes the betting: showdown (or waiting for reveals).
func (s *State) endBetting() {
	s.toAct = -1
	for i := range s.seats {
		p := &s.seats[i]
		s.contrib[i] = p.Contribution
		s.folded[i] = !p.InRound || p.Folded
	}
	left := 0
	for i := range s.seats {
		if !s.folded[i] {
			left++
			if left >= 2 {
				break
			}
		}
	}
	if left >= 2 {
		for i := range s.seats {
			if !s.folded[i] && s.seats[i].Value == 0 {
				s.phase = PhaseShowdown
				return
			}
		}
	}
	s.settleRound()
}

// Reveal supplies the values of seats still in at a showdown whose values
// were not dealt known (PhaseShowdown), then settles the round. values is
// indexed by seat; entries of other seats are ignored.
func (s *State) Reveal(values []int) error {
	if s.phase != PhaseShowdown {
		return rules.Errorf("inference/round.6.showdown", "no showdown is waiting for values (phase %s)", s.phase)
	}
	if len(values) != len(s.seats) {
		return rules.Errorf("inference/round.6.showdown", "%d values for %d seats", len(values), len(s.seats))
	}
	for i := range s.seats {
		if !s.folded[i] {
			if v := values[i]; v < ValueMin || v > ValueMax {
				return rules.Errorf("inference/round.6.showdown", "seat %d needs a value in %d..%d, got %d", i, ValueMin, ValueMax, v)
			}
		}
	}
	for i := range s.seats {
		if !s.folded[i] {
			s.seats[i].Value = values[i]
		}
	}
	s.settleRound()
	return nil
}

// settleRound pays the pots, records the round, busts empty stacks and
// decides whether the match is over.
func (s *State) settleRound() {
	for i := range s.seats {
		s.values[i] = s.seats[i].Value
	}
	// Cannot fail: contenders' values were checked.
	_ = settle(&s.outcome, &s.sc, s.contrib, s.folded, s.values, s.dealer)
	for _, p := range s.outcome.Payouts {
		s.seats[p.Seat].Credits += p.Amount
	}
	s.history = append(s.history, RoundRecord{
		Round:       s.round,
		Dealer:      s.dealer,
		Pot:         s.outcome.Pot,
		Uncontested: s.outcome.Uncontested,
		Winners:     s.arena.ints(s.outcome.Winners),
		Reveals:     s.arena.reveals(s.outcome.Reveals),
		Payouts:     s.arena.payouts(s.outcome.Payouts),
		Actions:     s.arena.actions(s.actions),
		Messages:    s.arena.messages(s.messages),
	})
	s.pot = 0 // paid out: credits stay conserved for a sink that looks
	if s.sink != nil {
		s.ev.setSmall(EventShowdown, s.round, 0, 0)
		s.ev.Outcome = s.outcome
		s.emit()
	}
	// I-INF-7: busts after payouts, in seat order, simultaneous.
	alive := 0
	for i := range s.seats {
		p := &s.seats[i]
		if !p.Busted && p.Credits == 0 {
			p.Busted, p.BustRound = true, s.round
			p.SittingOut, p.BackInRound = false, 0
			if s.sink != nil {
				s.ev.setSmall(EventBust, s.round, 0, i)
				s.emit()
			}
		}
		if !p.Busted {
			alive++
		}
	}
	switch {
	case alive <= 1:
		s.endMatch(ReasonOnePlayerLeft)
	case s.round >= s.cfg.Rounds:
		s.endMatch(ReasonRoundsComplete)
	default:
		s.phase = PhaseReady
	}
}

func (s *State) endMatch(reason string) {
	s.phase = PhaseOver
	s.reason = reason
	st := make([]Standing, len(s.seats))
	for i, p := range s.seats {
		st[i] = Standing{Seat: i, Credits: p.Credits, Busted: p.Busted, BustRound: p.BustRound}
	}
	s.ranking = Rank(st)
	if s.sink != nil {
		s.ev = Event{Type: EventMatchEnd, Round: s.round, Reason: reason, Seed: s.setup.Seed, Ranking: s.ranking}
		s.emit()
	}
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

// SetStrikes overwrites a seat's consecutive-timeout count between rounds
// (a verifier resynchronising on a log's timeout lines).
func (s *State) SetStrikes(seat, strikes int) error {
	if s.phase != PhaseReady || seat < 0 || seat >= len(s.seats) || strikes < 0 {
		return rules.Errorf("inference/timeouts.strikes", "strikes can only be set between rounds, to a seat that exists, not below 0")
	}
	s.seats[seat].Strikes = strikes
	return nil
}

// SetSittingOut makes a seat sit out until backInRound (0 ends a sit-out)
// between rounds (a verifier resynchronising on a log).
func (s *State) SetSittingOut(seat, backInRound int) error {
	if s.phase != PhaseReady || seat < 0 || seat >= len(s.seats) || s.seats[seat].Busted || backInRound < 0 {
		return rules.Errorf("inference/timeouts.sit-out", "a sit-out can only be set between rounds, for a seat still in the match")
	}
	p := &s.seats[seat]
	p.SittingOut, p.BackInRound = backInRound > s.round+1, 0
	if p.SittingOut {
		p.BackInRound = backInRound
	}
	return nil
}
