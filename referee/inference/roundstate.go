package inference

import "github.com/umpire-arena/umpire/referee/rules"

// RoundState is the public count of the round in play, beside the seats'
// SeatState: its number, dealer and ante, the bet to match, the raises
// used, the next action's number and the seat to act. State keeps one and
// plays by its methods; a verifier replaying a log (referee/inference/verify) keeps
// one too and advances it by the logged lines with the same methods, so
// the round's arithmetic is written once.
type RoundState struct {
	// Round is the round number, 0 before round 1.
	Round  int
	Dealer int
	Ante   int
	// CurrentBet is the bet above the ante every seat still in must match.
	CurrentBet int
	RaisesUsed int
	// Turn is the number of the round's next action (0-based).
	Turn int
	// ToAct is the seat to act, -1 when none is.
	ToAct int
}

// Begin starts round with dealer and ante: no bet, no raise, no action
// yet, no seat to act until the betting opens.
func (r *RoundState) Begin(round, dealer, ante int) {
	r.Round, r.Dealer, r.Ante = round, dealer, ante
	r.CurrentBet, r.RaisesUsed, r.Turn, r.ToAct = 0, 0, 0, -1
}

// Owed returns what the seat owes above its bets this round (its stack
// aside: CallPay caps it).
func (r *RoundState) Owed(p *SeatState) int { return r.CurrentBet - p.Bet }

// ToCall returns what a call pays for the seat: what it owes, or its whole
// stack when that is less.
func (r *RoundState) ToCall(p *SeatState) int { return CallPay(r.CurrentBet-p.Bet, p.Credits) }

// CheckRaise is Config.CheckRaise for the seat in this round: the rule a
// raise by amount breaks, or nil.
func (r *RoundState) CheckRaise(c *Config, p *SeatState, amount int) error {
	return c.CheckRaise(amount, r.CurrentBet-p.Bet, p.Credits, r.RaisesUsed)
}

// Raise is what a raise by amount does to the round: the bet goes up, one
// raise more is used and every seat has to act again (the raiser's own
// credits move by SeatState.Put).
func (r *RoundState) Raise(seats []SeatState, amount int) {
	r.CurrentBet += amount
	r.RaisesUsed++
	Reopen(seats)
}

// Open opens the betting once the antes are in (OpenBetting): it reports
// whether a seat is to act; false means no betting this round.
func (r *RoundState) Open(seats []SeatState) bool {
	r.ToAct = OpenBetting(seats, r.Dealer)
	return r.ToAct >= 0
}

// Next moves past seat's action (NextToAct): the turn counts on and the
// next seat due to act is to act. It reports whether the betting goes on.
func (r *RoundState) Next(seats []SeatState, seat int) bool {
	r.Turn++
	r.ToAct = NextToAct(seats, seat, r.CurrentBet)
	return r.ToAct >= 0
}

// CheckCall reports whether a call that paid paid, by a seat owing owed
// above its bets and holding credits, paid what the rules make it pay
// (CallPay), as a *rules.Error naming the rule it breaks: round.3.all-in
// when the seat could not cover the call or paid beyond its stack, else
// round.3.call. It is for a reader of a log: State computes its calls.
func CheckCall(paid, owed, credits int) error {
	if paid == CallPay(owed, credits) {
		return nil
	}
	return callError(paid, owed, credits)
}

// callError is CheckCall's finding, apart so that its legal path inlines.
func callError(paid, owed, credits int) error {
	exp := CallPay(owed, credits)
	switch {
	case owed > credits || paid > credits:
		return rules.Errorf("inference/round.3.all-in", "a call owing %d from a stack of %d pays the whole stack (%d), not %d", owed, credits, exp, paid)
	}
	return rules.Errorf("inference/round.3.call", "a call owing %d pays %d, not %d", owed, exp, paid)
}

// CheckAnte reports whether an ante of paid, posted by a seat holding
// credits, is the ante due (AntePay), as a *rules.Error naming the rule it
// breaks: round.2.short-ante when the stack is short of the ante or the
// post exceeds it, else round.2.ante. It is for a reader of a log.
func CheckAnte(paid, ante, credits int) error {
	if exp, _ := AntePay(ante, credits); paid == exp {
		return nil
	}
	return anteError(paid, ante, credits)
}

// anteError is CheckAnte's finding, apart so that its legal path inlines.
func anteError(paid, ante, credits int) error {
	exp, _ := AntePay(ante, credits)
	switch {
	case credits < ante || paid > credits:
		return rules.Errorf("inference/round.2.short-ante", "a seat holding %d posts %d for an ante of %d, not %d", credits, exp, ante, paid)
	}
	return rules.Errorf("inference/round.2.ante", "the ante is %d, not %d", exp, paid)
}
