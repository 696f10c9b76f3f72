package verify

import ref "github.com/umpire-arena/umpire/referee/inference"

// A raise costs the raiser what it owed plus the increment, but the log
// shows only the increment: a server that charged a raise the whole new
// bet, the raiser's own bets of the round forgotten, is seen later, by a
// line of the raiser that its stack explains only with those bets taken
// from it again (raiseCharge), or by a showdown whose pot holds exactly
// that much more than the seats put in by the rules (raiseCharges). Either
// is reported under round.3.raise and the log is adopted, so the replay
// follows the server's stacks and charges no other rule for the same break.

// raiseCharge settles the two readings of the stack of seat, which raised
// this round with bets already in (seatExtra.again), by its call or raise
// line r (owing owed): when the line fits the stack only with those bets
// taken from it again, its raise was charged the whole new bet.
func (v *Verifier) raiseCharge(seat int, r *record, owed int) {
	p, x := &v.seats[seat], &v.xs[seat]
	fits := func(c int) bool {
		switch r.action {
		case ref.ActionCall:
			return r.amount == ref.CallPay(owed, c) && r.allIn == (c-r.amount == 0)
		case ref.ActionRaise:
			return c >= owed+r.amount && r.allIn == (c-owed-r.amount == 0)
		}
		return true // a fold tells nothing
	}
	alt := p.Credits - x.again
	switch now, then := fits(p.Credits), alt >= 0 && fits(alt); {
	case !now && then:
		v.chargeAgain(seat, r.turn)
	case now && !then:
		x.again = 0 // the stack is as the rules have it
	}
}

// raiseCharges is the raise rule's evaluation of a showdown whose pot (got)
// differs from what the seats put in (pot): when it holds exactly what the
// raisers of the round had bet before their raises more, those raises were
// charged the whole new bet. It reports that, adopts the log (contrib
// updated) and returns the pot as the log has it; else it returns pot
// unchanged.
func (v *Verifier) raiseCharges(got, pot int, contrib []int) int {
	again := 0
	for i := range v.xs {
		again += v.xs[i].again
	}
	if again == 0 || got != pot+again {
		return pot
	}
	for i := range v.seats {
		if v.xs[i].again > 0 {
			v.chargeAgain(i, -1)
			contrib[i] = v.seats[i].Contribution
		}
	}
	return got
}

// chargeAgain reports that seat's raises of the round were charged the
// whole new bet, and adopts it: its earlier bets were taken from its stack
// a second time, into the pot (it still counts as matching the bet).
func (v *Verifier) chargeAgain(seat, turn int) {
	p, x := &v.seats[seat], &v.xs[seat]
	v.report("inference/round.3.raise", seat, turn, p.Contribution, p.Contribution+x.again,
		"a raise costs what the seat owed plus the raise; seat %d was charged the whole new bet, the %d it had already bet this round paid again", seat, x.again)
	p.Credits -= x.again
	p.Contribution += x.again
	x.again = 0
}
