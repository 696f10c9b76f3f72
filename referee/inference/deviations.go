package inference

// Deviations (Config.Deviations) make the engine play one rule wrongly on
// purpose, so that the embedded server's faults can prove that the
// conformance checks catch a server that breaks that rule: everything the
// server emits afterwards (views, events, the match log) follows the wrong
// play, as it would on a broken server. A judging referee never sets one,
// and they are never part of the logged configuration.
//
// Each deviation is a named constant beside the rule it breaks, and each
// hook in the engine is a single `if s.deviates(DevX)` at the place the rule
// is applied. The names are the fault names of harness/inference/server
// that turn them on.

// deviates reports whether the deviation called name is on for this match.
func (s *State) deviates(name string) bool { return s.cfg.Deviations.On(name) }

// The deviations of the betting (round 3 and round 5).
const (
	// DevBettingStartsLate opens the betting at the second seat due to act
	// left of the dealer, not the first (round.3.order): the seat on the
	// dealer's left acts last in the first lap.
	DevBettingStartsLate = "betting-starts-late"
	// DevBettingOverruns gives, once a round, one more turn after the
	// betting is over, while two or more seats are still in: to the seat
	// after the last to act that is in and not all-in
	// (round.5.end-of-betting).
	DevBettingOverruns = "betting-overruns"
	// DevCheckCostsOne makes a call with nothing to match (a check) cost
	// one credit, for a seat holding two or more (round.3.call).
	DevCheckCostsOne = "check-costs-one"
	// DevFoldRefunds gives a folding seat back all it put in this round,
	// ante and bets: it leaves the pot (round.3.fold).
	DevFoldRefunds = "fold-refunds"
	// DevRaiseForgetsOwnBets charges a raise the whole new bet, as if the
	// raiser had bet nothing yet this round (round.3.raise: it pays what it
	// owed plus the amount): its earlier bets are paid again into the pot,
	// and it counts as matching the new bet. Only a raiser that keeps
	// credits either way is charged so, so no all-in differs.
	DevRaiseForgetsOwnBets = "raise-forgets-own-bets"
	// DevRaiseUncovered checks a raise's cover against the increment
	// alone, forgetting the call (round.3.raise-covered): a raise the seat
	// can pay but not with the call on top is accepted, the bet goes up
	// by the whole amount, and the seat puts in all it has (all-in).
	DevRaiseUncovered = "raise-uncovered"
)

// overrun is DevBettingOverruns: once a round, with two or more seats still
// in, the seat after from that is in and not all-in is to act again
// though the betting is over. It reports whether it gave that turn.
func (s *State) overrun(from int) bool {
	if s.overran {
		return false
	}
	left := 0
	for i := range s.seats {
		if p := &s.seats[i]; p.InRound && !p.Folded {
			left++
		}
	}
	next := LeftOf(len(s.seats), from, func(i int) bool {
		p := &s.seats[i]
		return p.InRound && !p.Folded && !p.AllIn
	})
	if left < 2 || next < 0 {
		return false
	}
	s.overran = true
	s.rs.ToAct = next
	return true
}

// The deviations, each named after the fault that turns it on.
const (
	// DevNoTimeoutDefault folds a timed-out seat even when it owes nothing
	// (timeouts.default-action: the default is a check then).
	DevNoTimeoutDefault = "no-timeout-default"
	// DevDealSkipsSeat leaves the last seat, live, out of the deal of every
	// even round (round.1.deal: every live seat is dealt).
	DevDealSkipsSeat = "deal-skips-seat"
	// DevNineSeats lets a configuration seat 9 players (table.size: a
	// table seats 3 to 8).
	DevNineSeats = "nine-seats"
)
