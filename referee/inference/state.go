package inference

import (
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
	cfg   Config
	setup Setup
	seats []SeatState
	sink  Sink
	ev    Event
	phase Phase
	// rs is the round's count (number, dealer, ante, bet, raises, turn,
	// seat to act), advanced by RoundState's methods.
	rs RoundState
	// nextDealer overrides the rotation for the next round when ≥ 0.
	nextDealer int
	pot        int
	// overran is DevBettingOverruns' once-a-round mark.
	overran bool

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
		rs:         RoundState{Dealer: setup.FirstDealer, ToAct: -1},
		nextDealer: -1,
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
func (s *State) Round() int { return s.rs.Round }

// Dealer returns the dealer seat of the current round (round 1's before it).
func (s *State) Dealer() int { return s.rs.Dealer }

// Ante returns the ante of the current round.
func (s *State) Ante() int { return s.rs.Ante }

// ToAct returns the seat to act, or -1 outside betting.
func (s *State) ToAct() int {
	if s.phase != PhaseBetting {
		return -1
	}
	return s.rs.ToAct
}

// Turn returns the number of the next action of the round (0-based).
func (s *State) Turn() int { return s.rs.Turn }

// CurrentBet returns the bet above the ante every seat must match.
func (s *State) CurrentBet() int { return s.rs.CurrentBet }

// RaisesUsed returns the raises made this round.
func (s *State) RaisesUsed() int { return s.rs.RaisesUsed }

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
	return s.rs.ToCall(p)
}

func (s *State) emit() {
	if s.sink != nil {
		s.sink.Emit(&s.ev)
	}
}
