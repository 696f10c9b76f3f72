package verify

import (
	"fmt"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// closePending reports a message or timeout line left without its action.
func (v *Verifier) closePending() {
	if v.pendMsg {
		v.reportAt(v.whereLine(v.pendMsgLine, v.pendMsgSeat, v.pendMsgTurn), "inference/log.message-before-action", ref.EventAction, v.rec.typ,
			"a message rides on a move: seat %d's message of turn %d is not followed by its action", v.pendMsgSeat, v.pendMsgTurn)
		v.pendMsg = false
	}
	if v.pendTO {
		v.report("inference/log.timeout-before-action", v.pendTOSeat, v.pendTOTurn, ref.EventAction, v.rec.typ,
			"a timeout line is followed by the action the server played for it; seat %d's turn %d has none", v.pendTOSeat, v.pendTOTurn)
		v.pendTO = false
	}
}

func (v *Verifier) whereLine(line, seat, turn int) (w rules.Where) {
	w = v.where(seat, turn)
	w.Line = line
	return w
}

// betLine does the checks common to message, timeout and action lines:
// round, turn, and the seat to act. It returns false when the line cannot
// be applied at all.
func (v *Verifier) betLine(r *record) bool {
	if !v.seatOK(r.seat, r.turn) {
		return false
	}
	if v.st == stShowdown && (r.typ != ref.EventMessage || r.turn == v.rs.Turn) {
		// Betting was over: an extra move (its action, or the timeout or
		// message line that opens it).
		p := &v.seats[r.seat]
		if p.InRound && !p.Folded && !p.AllIn {
			v.report("inference/round.5.end-of-betting", r.seat, r.turn, ref.EventShowdown, r.typ, "betting was over (every seat still in had matched the bet or was all-in, or one seat was left); no further action is due")
			v.checkRound(r, r.seat, r.turn)
			v.rs.Turn = r.turn
			v.st = stBetting
			v.rs.ToAct = r.seat
			return true
		}
	}
	if !v.at(stBetting, r.seat, r.turn) {
		return false
	}
	if v.st != stBetting {
		v.report("inference/round.5.end-of-betting", r.seat, r.turn, ref.EventShowdown, r.typ, "betting is closed this round (fewer than two seats can act, or it is over); no %s line is due", r.typ)
		return false
	}
	v.checkRound(r, r.seat, r.turn)
	if r.turn != v.rs.Turn && r.turn == v.turnAlt {
		// The log's previous turn number was a one-off (reported): its
		// count goes on from where it should have been.
		v.rs.Turn = r.turn
	}
	v.turnAlt = -1
	v.eval(eTurnSequence)
	if r.turn != v.rs.Turn {
		v.report("inference/log.turn-sequence", r.seat, r.turn, v.rs.Turn, r.turn, "turns count the round's actions from 0; the next action is turn %d", v.rs.Turn)
		if r.typ == ref.EventAction {
			v.turnAlt = v.rs.Turn + 1
		} else {
			v.turnAlt = v.rs.Turn
		}
		v.rs.Turn = r.turn
		v.rs.ToAct = r.seat // one finding for a skipped or repeated turn
		return true
	}
	if r.seat != v.rs.ToAct && r.seat == v.owedSeat && r.typ == ref.EventAction {
		// The seat passed over by an out-of-turn action (reported) acts now.
		v.owedSeat = -1
		v.rs.ToAct = r.seat
	}
	v.eval(eOrder)
	if r.seat != v.rs.ToAct {
		p := &v.seats[r.seat]
		why := ""
		switch {
		case !p.InRound:
			why = ", which is not dealt in"
		case p.Folded:
			why = ", which has folded"
		case p.AllIn:
			why = ", which is all-in"
		}
		v.report("inference/round.3.order", r.seat, r.turn, v.rs.ToAct, r.seat, "betting goes round in seat order from the dealer's left; seat %d is to act, not seat %d%s", v.rs.ToAct, r.seat, why)
		v.owedSeat = v.rs.ToAct
		v.rs.ToAct = r.seat
	}
	return true
}

// messageLine checks a message: before its action, turn and seat, length.
func (v *Verifier) messageLine(r *record) {
	v.eval(eMessageBefore)
	if v.pendMsg && v.pendMsgTurn == r.turn {
		v.report("inference/log.message-before-action", r.seat, r.turn, 1, 2, "a move carries at most one message; turn %d has a second", r.turn)
		return
	}
	if r.turn == v.lastTurn && r.seat == v.lastSeat && v.st >= stBetting && r.round == v.rs.Round {
		v.report("inference/log.message-before-action", r.seat, r.turn, "before the action", "after the action", "a message is logged before the action it rides on; seat %d's message of turn %d follows it", r.seat, r.turn)
		return
	}
	v.closePending()
	if !v.betLine(r) {
		return
	}
	v.eval(eMessageLength)
	v.eval(eMessageCodePoints)
	v.eval(eTableTalk)
	if n := r.textLen; !v.cfg.MessageFits(n) {
		v.report("inference/round.4.message-length", r.seat, r.turn, v.cfg.MaxMessageChars, n, "a table message has at most %d characters (code points); this one has %d", v.cfg.MaxMessageChars, n)
	}
	v.pendMsg, v.pendMsgSeat, v.pendMsgTurn, v.pendMsgLine = true, r.seat, r.turn, v.lineNo
}

// timeoutLine checks a timeout: strikes, sit-out and back_in_round.
func (v *Verifier) timeoutLine(r *record) {
	if v.pendMsg { // I-INF-V4
		v.reportAt(v.whereLine(v.pendMsgLine, v.pendMsgSeat, v.pendMsgTurn), "inference/log.message-before-action", ref.EventAction, ref.EventTimeout, "a message rides on the seat's own move, but seat %d's turn %d timed out", v.pendMsgSeat, v.pendMsgTurn)
		v.pendMsg = false
	}
	if v.pendTO {
		v.closePending()
	}
	if !v.betLine(r) {
		return
	}
	p, x := &v.seats[r.seat], &v.xs[r.seat]
	exp, sitOut, back := v.cfg.Strike(p.Strikes, v.rs.Round)
	v.eval(eStrikesCount)
	v.eval(eStrikes)
	if x.cleared {
		v.eval(eClearOnMove) // a move of its own came since the last timeout
	}
	if r.strikes != exp {
		rule := "inference/protocol.strikes-count"
		switch {
		case r.strikes == 1 && p.Strikes > 0:
			rule = "inference/timeouts.strikes"
		case r.strikes > exp && x.cleared:
			rule = "inference/timeouts.clear-on-move"
		}
		v.report(rule, r.seat, r.turn, exp, r.strikes, "strikes count the seat's consecutive timeouts, this one included; only the seat's own move resets them (it had %d)", p.Strikes)
	}
	max := v.cfg.MaxConsecutiveTimeouts
	switch {
	case p.Strikes >= max:
		v.eval(eLastStrike) // back in on its last strike
	case sitOut:
		v.eval(eSitOut)
	}
	if r.sitOut != sitOut {
		rule := "inference/timeouts.sit-out"
		if p.Strikes >= max {
			// I-INF-9: back on the last strike.
			rule = "inference/timeouts.last-strike"
		}
		v.report(rule, r.seat, r.turn, sitOut, r.sitOut, "a seat sits out when its consecutive timeouts reach %d, and again at once on a timeout after it returns on its last strike; this is timeout %d in a row", max, exp)
	} else if sitOut {
		v.eval(eBackInRound)
		if r.backIn != back {
			v.report("inference/timeouts.back-in-round", r.seat, r.turn, back, r.backIn, "a seat that sits out in round %d misses the next %d rounds and is back in round %d", v.rs.Round, v.cfg.SitOutRounds, back)
		}
	}
	// Adopt the log, remembering the expected sit-out when it differs.
	switch {
	case r.sitOut && sitOut:
		p.SitOut(back)
		if r.backIn != back {
			x.softBack = r.backIn
		}
	case r.sitOut:
		p.SitOut(r.backIn)
	case sitOut:
		p.SitOut(back)
		x.softSit = true
	}
	p.Strikes = r.strikes
	x.cleared = false
	v.pendTO, v.pendTOSeat, v.pendTOTurn = true, r.seat, r.turn
}

// actionLine checks one action: seat and turn, legality, amounts, all-in
// flag, timeouts and messages, then applies it as the log has it.
func (v *Verifier) actionLine(r *record) {
	if v.pendMsg && (v.pendMsgTurn != r.turn || v.pendMsgSeat != r.seat) {
		v.closePending()
	}
	if v.pendTO && (v.pendTOTurn != r.turn || v.pendTOSeat != r.seat) {
		v.closePending()
	}
	if !v.betLine(r) {
		v.pendMsg, v.pendTO = false, false
		return
	}
	seat := r.seat
	p, x := &v.seats[seat], &v.xs[seat]
	if !p.InRound || p.Folded || p.AllIn {
		// Reported by betLine; the line cannot change the round.
		v.pendMsg, v.pendTO = false, false
		if !v.rs.Next(v.seats, seat) {
			v.st = stShowdown
		}
		return
	}
	owed := v.rs.Owed(p)
	if x.again > 0 && !x.unsure {
		v.raiseCharge(seat, r, owed)
	}
	switch r.action {
	case ref.ActionCall:
		x.pick(&p.Credits, func(c int) bool { return r.amount == ref.CallPay(owed, c) && r.allIn == (c-r.amount == 0) })
	case ref.ActionRaise:
		x.pick(&p.Credits, func(c int) bool { return c >= owed+r.amount && r.allIn == (c-owed-r.amount == 0) })
	}
	toCall := v.rs.ToCall(p)
	if v.pendTO || r.timeout {
		v.eval(eTimeoutBefore)
		v.eval(eTimeoutsLogged)
	}
	switch {
	case v.pendTO && !r.timeout:
		v.report("inference/log.timeout-before-action", seat, r.turn, true, false, "the action after a timeout line is the server's and is flagged timeout")
	case !v.pendTO && r.timeout:
		// The timeout is logged, on the action: the separate line before
		// it is WIRE.md's pin, not the rules' "Timeouts are logged".
		v.report("inference/log.timeout-before-action", seat, r.turn, ref.EventTimeout, ref.EventAction, "the action is flagged timeout, but no timeout line comes before it (WIRE.md: a timeout line, then the server's action)")
		// I-INF-V2: the unlogged timeout still counts, sit-out included
		// (soft: the log never announced it, so either way is no
		// further finding).
		strikes, sitOut, back := v.cfg.Strike(p.Strikes, v.rs.Round)
		p.Strikes = strikes
		x.cleared = false
		if sitOut {
			p.SitOut(back)
			x.softSit = true
		}
	}
	if v.pendMsg && r.timeout { // I-INF-V4
		v.report("inference/log.message-before-action", seat, r.turn, false, true, "a message rides on the seat's own move, not on a timeout")
	}
	timedOut := v.pendTO || r.timeout
	v.pendMsg, v.pendTO = false, false
	if timedOut {
		v.eval(eDefaultAction)
		if want := ref.TimeoutMove(toCall); r.action != want.Action {
			v.report("inference/timeouts.default-action", seat, r.turn, want.Action, r.action, "on a timeout the server checks when nothing is owed and folds otherwise (seat %d owed %d)", seat, toCall)
			if want.Action == ref.ActionFold && r.action == ref.ActionCall && r.amount == 0 {
				// A "call" that pays nothing while owing is a mislabelled
				// fold: the log's numbers go on as after a fold.
				r.action = ref.ActionFold
				r.has &^= fAmount
			}
		}
	} else {
		// A move the seat made itself clears its strikes.
		if p.Strikes > 0 {
			x.cleared = true
		}
		p.Strikes = 0
	}
	pay := 0
	v.eval(eMoveAction)
	switch r.action {
	case ref.ActionFold:
		v.eval(eFold)
		if r.has&fAmount != 0 {
			v.report("inference/protocol.log-fields", seat, r.turn, nil, r.amount, "a fold line carries no amount")
		}
	case ref.ActionCall:
		pay = r.amount
		switch {
		case x.unsure:
		case owed > p.Credits:
			v.eval(eAllIn) // the call takes the whole stack
		default:
			v.eval(eCall)
		}
		if x.unsure {
			v.inconclusive("inference/round.3.call", 1)
		} else if err := ref.CheckCall(r.amount, owed, p.Credits); err != nil {
			v.report(rules.RuleOf(err), seat, r.turn, toCall, r.amount, "a call pays what the seat owes (%d above its bets this round), or its whole stack (%d) when that is less", owed, p.Credits)
		}
	case ref.ActionRaise:
		lo, hi := v.cfg.MinRaise, v.cfg.MaxRaise
		v.eval(eRaise)
		v.eval(eMoveAmount)
		v.eval(eRaiseBounds)
		if v.rs.RaisesUsed+1 >= v.cfg.MaxRaisesPerRound {
			// The cap is exercised by the raise that reaches it and any beyond.
			v.eval(eRaiseCap)
		}
		if !x.unsure {
			v.eval(eRaiseCovered)
		}
		// The engine's legality of the raise, cited with what the log shows.
		rule := ""
		if err := v.rs.CheckRaise(&v.cfg, p, r.amount); err != nil {
			rule = rules.RuleOf(err) // (not on the legal path: RuleOf allocates)
		}
		switch {
		case rule == "inference/round.3.raise-bounds":
			v.report(rule, seat, r.turn, fmt.Sprintf("%d..%d", lo, hi), r.amount, "a raise adds between %d and %d to the current bet", lo, hi)
		case rule == "inference/round.3.raise-cap":
			v.report(rule, seat, r.turn, v.cfg.MaxRaisesPerRound, v.rs.RaisesUsed+1, "at most %d raises are made per round, table-wide; this is raise %d", v.cfg.MaxRaisesPerRound, v.rs.RaisesUsed+1)
		case x.unsure:
			v.inconclusive("inference/round.3.raise-covered", 1)
		case rule != "":
			v.report(rule, seat, r.turn, owed+r.amount, p.Credits, "a raise must be covered: the call (%d) plus the raise (%d) from the seat's %d credits", owed, r.amount, p.Credits)
		}
		pay = owed + r.amount
		if p.Bet > 0 && !x.unsure {
			x.again += p.Bet
		}
		v.rs.Raise(v.seats, r.amount)
	default:
		v.report("inference/wire.move.action", seat, r.turn, "fold, call or raise", r.action, "an action is fold, call or raise; this one is treated as a fold")
		r.action = ref.ActionFold
	}
	// Apply as the log has it.
	if x.unsure && pay > p.Credits {
		p.Credits = pay
	}
	if r.action == ref.ActionFold {
		p.Folded = true
	} else {
		p.Put(max(0, min(pay, p.Credits)))
	}
	allIn := p.Moved()
	if x.unsure && r.allIn {
		p.Credits, allIn, x.unsure = 0, true, false
	}
	if !x.unsure {
		v.eval(eActionAllIn)
	}
	if r.allIn != allIn && !x.unsure {
		v.report("inference/protocol.action-all-in", seat, r.turn, allIn, r.allIn, "an action line is flagged all_in exactly when it leaves the seat with no credits (seat %d has %d)", seat, p.Credits)
	}
	if allIn || (r.allIn && !p.Folded) {
		p.AllIn = true
		if r.allIn && p.Credits != 0 {
			// Adopt the log: the seat put everything in.
			p.Bet += p.Credits
			p.Contribution += p.Credits
			p.Credits = 0
		}
	}
	v.lastSeat, v.lastTurn = seat, r.turn
	v.rs.Turn = r.turn // the log's (betLine has checked it)
	if !v.rs.Next(v.seats, seat) {
		v.eval(eEndOfBetting) // this action closed the betting
		v.st = stShowdown
	}
}
