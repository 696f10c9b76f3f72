package inference

import "github.com/umpire-arena/umpire/referee/rules"

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
	p.SittingOut, p.BackInRound = backInRound > s.rs.Round+1, 0
	if p.SittingOut {
		p.BackInRound = backInRound
	}
	return nil
}
