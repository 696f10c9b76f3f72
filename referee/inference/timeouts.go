package inference

import "github.com/umpire-arena/umpire/referee/rules"

// TimeoutMove returns the move the server plays for a seat that lets its
// turn run out owing toCall: a check (call of 0) when nothing is owed,
// otherwise a fold.
func TimeoutMove(toCall int) Move {
	if toCall == 0 {
		return Move{Action: ActionCall}
	}
	return Move{Action: ActionFold}
}

// Timeout records that the seat to act let its deadline pass (I-INF-9): a
// strike is added and logged, the default action of TimeoutMove is played
// for it, and at MaxConsecutiveTimeouts strikes or more the seat sits out
// the next SitOutRounds rounds (it stays in the current round until it ends).
// Sitting out and returning keep the strike count, so one more timeout after
// a return sits the seat out again at once.
func (s *State) Timeout() error {
	if s.phase == PhaseOver {
		return rules.Errorf("inference/illegal.match-over", "the match is over")
	}
	if s.phase != PhaseBetting {
		return rules.Errorf("inference/timeouts.default-action", "no seat is to act (phase %s)", s.phase)
	}
	seat := s.rs.ToAct
	p := &s.seats[seat]
	strikes, sitOut, backIn := s.cfg.Strike(p.Strikes, s.rs.Round)
	p.Strikes = strikes
	if sitOut {
		p.SitOut(backIn)
	}
	if s.sink != nil {
		s.ev.setSmall(EventTimeout, s.rs.Round, s.rs.Turn, seat)
		s.ev.Strikes, s.ev.SitOut = p.Strikes, sitOut
		if sitOut {
			s.ev.BackInRound = p.BackInRound
		}
		s.emit()
	}
	move := TimeoutMove(s.rs.ToCall(p))
	if s.deviates(DevNoTimeoutDefault) {
		move = Move{Action: ActionFold} // folds even when nothing is owed
	}
	s.play(seat, move, true)
	return nil
}
