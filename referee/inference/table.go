package inference

import (
	"iter"

	"github.com/umpire-arena/umpire/referee/rules"
)

// The rules of the table, written once: State plays by them, and a
// verifier replaying a log (referee/inference/verify) evaluates them on its own seats,
// which are SeatState values too. Each is a small pure function of seat
// state, so a rule change is one edit.

// LeftOf returns the first seat after from in seat order (to its left,
// wrapping round a table of n seats; from is a seat) for which ok holds, or
// -1. The rules' "in seat order from the left of" walks this way: the
// button, the antes and the betting.
func LeftOf(n, from int, ok func(seat int) bool) int {
	i := from
	for range n {
		if i++; i >= n {
			i = 0
		}
		if ok(i) {
			return i
		}
	}
	return -1
}

// AnteOrder yields the seats that post an ante, in the order they post it:
// the seats dealt in (in), in seat order from the left of dealer (the dealer
// last), on a table of n seats. State posts the antes in this order and a
// verifier expects them in it.
func AnteOrder(n, dealer int, in func(seat int) bool) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := 1; k <= n; k++ {
			i := (dealer + k) % n
			if i < 0 {
				i += n
			}
			if in(i) && !yield(i) {
				return
			}
		}
	}
}

// DealtIn reports whether the seat is dealt in round (I-INF-1): not busted,
// and not sitting out unless its back_in_round has come.
func (p *SeatState) DealtIn(round int) bool {
	return !p.Busted && (!p.SittingOut || p.BackInRound <= round)
}

// Put moves amount from the seat's stack into its bets this round (a call
// or a raise): its credits go down, its bet and contribution up.
func (p *SeatState) Put(amount int) {
	p.Credits -= amount
	p.Bet += amount
	p.Contribution += amount
}

// Deal starts a round for the seat, dealt in or not: a seat dealt in
// while sitting out returns (Deal reports it; I-INF-9: its strikes are
// kept), and the round's flags, bets and value start empty.
func (p *SeatState) Deal(in bool) (returned bool) {
	if returned = in && p.SittingOut; returned {
		p.SittingOut, p.BackInRound = false, 0
	}
	p.InRound, p.Folded, p.AllIn, p.Acted = in, false, false, false
	p.Contribution, p.Bet, p.Value = 0, 0, 0
	return returned
}

// PostAnte moves the seat's ante of pay (AntePay's) from its stack into
// the pot: a seat left with nothing is all-in for the round.
func (p *SeatState) PostAnte(pay int) {
	p.Credits -= pay
	p.Contribution = pay
	if p.Credits == 0 {
		p.AllIn = true
	}
}

// Moved finishes the seat's action, once a fold has folded it or a call
// or raise has put its pay in (Put): it has acted since the last raise,
// and putting its last credit in makes it all-in, which Moved reports.
func (p *SeatState) Moved() (allIn bool) {
	p.Acted = true
	if allIn = p.AllInAfter(); allIn {
		p.AllIn = true
	}
	return allIn
}

// SitOut makes the seat sit out until round backIn (Config.Strike's).
func (p *SeatState) SitOut(backIn int) { p.SittingOut, p.BackInRound = true, backIn }

// Bust busts the seat in round (I-INF-7): it takes no further part, and a
// sit-out it had ends.
func (p *SeatState) Bust(round int) {
	p.Busted, p.BustRound = true, round
	p.SittingOut, p.BackInRound = false, 0
}

// Reopen is what a raise does to the table: every seat has to act again.
func Reopen(seats []SeatState) {
	for i := range seats {
		seats[i].Acted = false
	}
}

// Busts reports whether the seat busts after a round's payouts (I-INF-7):
// it is left with no credits and was not busted already.
func (p *SeatState) Busts() bool { return !p.Busted && p.Credits == 0 }

// AllInAfter reports whether a seat is all-in after an action: it has put
// its last credit in and has not folded.
func (p *SeatState) AllInAfter() bool { return p.Credits == 0 && !p.Folded }

// DueToAct reports whether the seat still has to act against currentBet
// (I-INF-3): in the round, not folded, not all-in, and either it has not
// acted since the last raise or its bets are below the current bet.
func (p *SeatState) DueToAct(currentBet int) bool {
	return p.InRound && !p.Folded && !p.AllIn && (!p.Acted || p.Bet < currentBet)
}

// Button returns the dealer after dealer on a table of n seats (I-INF-2):
// the first seat to its left that is live (dealt in the new round); with
// none the button stays.
func Button(n, dealer int, live func(seat int) bool) int {
	if d := LeftOf(n, dealer, live); d >= 0 {
		return d
	}
	return dealer
}

// AntePay returns what a seat holding credits posts for ante, and whether
// that leaves it all-in: the ante, or the whole stack when it is short.
func AntePay(ante, credits int) (pay int, allIn bool) {
	pay = min(ante, credits)
	return pay, credits-pay == 0
}

// CallPay returns what a call pays for a seat that owes owed above its bets
// holding credits: the amount owed, or the whole stack when it is less (an
// all-in call); 0 when nothing is owed (a check).
func CallPay(owed, credits int) int {
	return max(0, min(owed, credits))
}

// CheckRaise reports whether a raise by amount is legal for a seat that owes
// owed and holds credits after raisesUsed raises this round, as a
// *rules.Error naming the rule it breaks, in this order: the bounds
// (round.3.raise-bounds), the cap of raises per round (round.3.raise-cap),
// covering the call and the raise (round.3.raise-covered). (A pointer
// receiver: it is on every raise's path, and a Config is fifteen words.)
func (c *Config) CheckRaise(amount, owed, credits, raisesUsed int) error {
	switch raiseRefused(amount, owed, credits, raisesUsed, c.MinRaise, c.MaxRaise, c.MaxRaisesPerRound) {
	case ruleRaiseBounds:
		return rules.Errorf(ruleRaiseBounds, "raise amount %d is outside %d..%d", amount, c.MinRaise, c.MaxRaise)
	case ruleRaiseCap:
		return rules.Errorf(ruleRaiseCap, "all %d raises of this round are used", c.MaxRaisesPerRound)
	case ruleRaiseCovered:
		return rules.Errorf(ruleRaiseCovered, "a raise of %d needs %d credits (call %d plus raise), seat has %d", amount, owed+amount, owed, credits)
	}
	return nil
}

// The rules a raise can break, in the order CheckRaise tests them.
const (
	ruleRaiseBounds  = "inference/round.3.raise-bounds"
	ruleRaiseCap     = "inference/round.3.raise-cap"
	ruleRaiseCovered = "inference/round.3.raise-covered"
)

// raiseRefused is the one statement of when a raise is legal (§3: its
// bounds, the cap of raises per round, credits covering the call and the
// raise): the rule a raise by amount breaks, or "" when it is legal. The
// legal list (LegalActions: a raise is offered when one of the minimum is
// legal) and the check of a move (CheckRaise) both ask it. It allocates
// nothing: the legal list is on every turn's path.
func raiseRefused(amount, owed, credits, raisesUsed, minRaise, maxRaise, maxRaises int) string {
	switch {
	case amount < minRaise || amount > maxRaise:
		return ruleRaiseBounds
	case raisesUsed >= maxRaises:
		return ruleRaiseCap
	case credits < owed+amount:
		return ruleRaiseCovered
	}
	return ""
}

// Strike returns what a timeout in round does to a seat with strikes
// consecutive timeouts before it (I-INF-9): the new count, and whether the
// seat sits out, until round backIn, for reaching MaxConsecutiveTimeouts
// (again at once when it came back on its last strike).
func (c Config) Strike(strikes, round int) (n int, sitOut bool, backIn int) {
	n = strikes + 1
	return n, n >= c.MaxConsecutiveTimeouts, round + c.SitOutRounds + 1
}

// MessageFits reports whether a table message of chars code points is
// within the limit (round.4.message-length).
func (c Config) MessageFits(chars int) bool { return chars <= c.MaxMessageChars }

// EndReason returns why the match is over after round with alive seats not
// busted (match_end's reason), or "" while it goes on: one_player_left when
// one seat (or none) is left, rounds_complete after the last round.
func (c Config) EndReason(alive, round int) string {
	switch {
	case alive <= 1:
		return ReasonOnePlayerLeft
	case round >= c.Rounds:
		return ReasonRoundsComplete
	}
	return ""
}

// OpenBetting returns the first seat to act once the antes are in, with
// dealer (I-INF-3): the first seat due to act from the dealer's left, or -1
// when fewer than two dealt-in seats can act (no betting: the round goes to
// its showdown).
func OpenBetting(seats []SeatState, dealer int) int {
	canAct := 0
	for i := range seats {
		if p := &seats[i]; p.InRound && !p.AllIn {
			canAct++
		}
	}
	if canAct < 2 {
		return -1
	}
	return LeftOf(len(seats), dealer, func(i int) bool { return seats[i].DueToAct(0) })
}

// NextToAct returns the seat to act after seat from has acted against
// currentBet (I-INF-3), or -1 when the betting is over: one seat is left in
// the round, or no seat still in has to act.
func NextToAct(seats []SeatState, from, currentBet int) int {
	left := 0
	for i := range seats {
		if q := &seats[i]; q.InRound && !q.Folded {
			left++
		}
	}
	if left <= 1 {
		return -1
	}
	return LeftOf(len(seats), from, func(i int) bool { return seats[i].DueToAct(currentBet) })
}
