package inference

import "github.com/umpire-arena/umpire/referee/rules"

// live reports whether seat i is dealt in the next round (I-INF-1).
func (s *State) liveNext(i int) bool {
	return s.seats[i].DealtIn(s.rs.Round+1) && !s.skipsDeal(i, s.rs.Round+1)
}

// skipsDeal is DevDealSkipsSeat: the last seat is left out of the deal of
// every even round (and the button passes it by).
func (s *State) skipsDeal(i, round int) bool {
	return i == len(s.seats)-1 && round%2 == 0 && s.deviates(DevDealSkipsSeat)
}

// NextDealer returns the dealer the next round would have (I-INF-2): round
// 1's is the setup's; after that the first seat left of the previous dealer
// that is live in the new round; with no live seat the button stays.
func (s *State) NextDealer() int {
	if s.nextDealer >= 0 {
		return s.nextDealer
	}
	if s.rs.Round == 0 {
		return s.setup.FirstDealer
	}
	return Button(len(s.seats), s.rs.Dealer, s.liveNext)
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
		return rules.Errorf("inference/protocol.log-order", "round %d is still in play (%s)", s.rs.Round, s.phase)
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
	s.rs.Begin(s.rs.Round+1, dealer, AnteFor(s.cfg.Ante, s.cfg.AnteRamp, s.rs.Round+1))
	s.pot, s.overran = 0, false
	s.actions, s.messages = s.actions[:0], s.messages[:0]
	s.dealtIn, s.returned = s.dealtIn[:0], s.returned[:0]
	for i := range s.seats {
		p := &s.seats[i]
		live := p.DealtIn(s.rs.Round) && !s.skipsDeal(i, s.rs.Round)
		if p.Deal(live) {
			// I-INF-9: back on the last strike; the count is kept.
			s.returned = append(s.returned, i)
		}
		if live {
			s.dealtIn = append(s.dealtIn, i)
			if values != nil {
				p.Value = values[i]
			}
		}
	}
	s.phase = PhaseBetting
	if s.sink != nil {
		s.ev.setSmall(EventRoundStart, s.rs.Round, 0, 0)
		s.ev.Dealer, s.ev.Ante, s.ev.DealtIn = dealer, s.rs.Ante, s.dealtIn
		s.emit()
		for _, i := range s.returned {
			s.ev.setSmall(EventReturn, s.rs.Round, 0, i)
			s.emit()
		}
		for _, i := range s.dealtIn {
			if v := s.seats[i].Value; v != 0 {
				s.ev.setSmall(EventDealPrivate, s.rs.Round, 0, i)
				s.ev.Value = v
				s.emit()
			}
		}
	}
	// Antes in seat order from the left of the dealer (AnteOrder).
	for i := range AnteOrder(n, dealer, func(i int) bool { return s.seats[i].InRound }) {
		p := &s.seats[i]
		pay, _ := AntePay(s.rs.Ante, p.Credits)
		p.PostAnte(pay) // a short (or exact) stack is all-in for the round
		s.pot += pay
		if s.sink != nil {
			s.ev.setSmall(EventAnte, s.rs.Round, 0, i)
			s.ev.Amount, s.ev.HasAmount, s.ev.AllIn = pay, true, p.AllIn
			s.emit()
		}
	}
	// I-INF-3: betting opens only when two or more seats can act.
	if s.rs.Open(s.seats) {
		if s.deviates(DevBettingStartsLate) {
			s.rs.ToAct = LeftOf(n, s.rs.ToAct, func(i int) bool { return s.seats[i].DueToAct(0) })
		}
		return nil
	}
	// I-INF-10: with one or no live seat (or one able to act) there is no
	// betting; the round settles at once.
	s.endBetting()
	return nil
}

// endBetting closes the betting: showdown (or waiting for reveals).
func (s *State) endBetting() {
	s.rs.ToAct = -1
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
	_ = settle(&s.outcome, &s.sc, s.contrib, s.folded, s.values, s.rs.Dealer)
	for _, p := range s.outcome.Payouts {
		s.seats[p.Seat].Credits += p.Amount
	}
	s.history = append(s.history, RoundRecord{
		Round:       s.rs.Round,
		Dealer:      s.rs.Dealer,
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
		s.ev.setSmall(EventShowdown, s.rs.Round, 0, 0)
		s.ev.Outcome = s.outcome
		s.emit()
	}
	// I-INF-7: busts after payouts, in seat order, simultaneous.
	alive := 0
	for i := range s.seats {
		p := &s.seats[i]
		if p.Busts() {
			p.Bust(s.rs.Round)
			if s.sink != nil {
				s.ev.setSmall(EventBust, s.rs.Round, 0, i)
				s.emit()
			}
		}
		if !p.Busted {
			alive++
		}
	}
	if reason := s.cfg.EndReason(alive, s.rs.Round); reason != "" {
		s.endMatch(reason)
		return
	}
	s.phase = PhaseReady
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
		s.ev = Event{Type: EventMatchEnd, Round: s.rs.Round, Reason: reason, Seed: s.setup.Seed, Ranking: s.ranking}
		s.emit()
	}
}
