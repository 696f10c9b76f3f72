package server

import (
	"encoding/json"
	"slices"
	"unicode/utf8"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// viewFaults applies the faults that only change what a visible_state
// shows (the engine's state stays right). It reports whether it changed
// anything, so that the view is then written without the history cache.
func (m *match) viewFaults(vs *ref.VisibleState, seat int) bool {
	changed := m.faults.on(FaultNoMessagesField)
	if m.faults.on(FaultLimitsDeadlineDoubled) {
		vs.Limits.TurnDeadlineMS *= 2
		changed = true
	}
	if m.faults.on(FaultAntePreviousRound) && vs.Round > 1 {
		vs.Limits.Ante = ref.AnteFor(m.cfg.Ante, m.cfg.AnteRamp, vs.Round-1)
		changed = true
	}
	if vs.Round == 0 && m.faults.on(FaultWelcomeDefaultCredits) {
		for i := range vs.Players {
			vs.Players[i].Credits = ref.DefaultConfig().StartingCredits
		}
		vs.YourCredits = ref.DefaultConfig().StartingCredits
		changed = true
	}
	if v, ok := m.prevVals[seat]; ok && vs.YourValue != nil && m.faults.on(FaultYourValueStale) {
		vs.YourValue = &v
		changed = true
	}
	if m.faults.on(FaultFoldedNotShown) {
		for i := range vs.Players {
			vs.Players[i].Folded = false
		}
		changed = true
	}
	if m.faults.on(FaultBestTakesSidePots) && m.historyFix(vs) {
		changed = true
	}
	if m.trimTwentieth(vs) {
		changed = true
	}
	if m.dropAction(vs) {
		changed = true
	}
	if m.faults.on(FaultHistoryNewestFirst) && len(vs.History) > 1 {
		// vs.History is the view's own copy of the records.
		slices.Reverse(vs.History)
		changed = true
	}
	if m.faults.on(FaultSittingOutNoBackIn) {
		for i := range vs.Players {
			vs.Players[i].BackInRound = 0 // omitted when 0
		}
		changed = true
	}
	if st := m.state(); m.faults.on(FaultToCallUncapped) && st.Phase() == ref.PhaseBetting && seat >= 0 && seat < len(vs.Players) {
		vs.ToCall = max(vs.ToCall, st.CurrentBet()-st.Seat(seat).Bet)
		changed = true
	}
	if st := m.state(); m.faults.on(FaultToCallOneMore) && st.Phase() == ref.PhaseBetting && seat >= 0 && seat < len(vs.Players) && vs.ToCall < vs.YourCredits {
		vs.ToCall++
		changed = true
	}
	if m.faults.on(FaultCurrentBetNotRaised) {
		vs.CurrentBet = 0
		changed = true
	}
	if m.faults.on(FaultBreakevenNull) {
		vs.CallBreakevenValue = nil
		changed = true
	}
	return changed
}

// errorCode is the code an error is sent with: code, unless a fault
// changes it.
func (m *match) errorCode(code string) string {
	if m.faults.on(FaultErrorCodeGeneric) {
		return CodeIllegalMove
	}
	return code
}

// appendWithout appends vs as JSON without the named top-level field
// (FaultNoMessagesField).
func appendWithout(dst []byte, vs *ref.VisibleState, field string) []byte {
	var top map[string]json.RawMessage
	_ = json.Unmarshal(vs.AppendJSON(nil), &top)
	delete(top, field)
	b, _ := json.Marshal(top)
	return append(dst, b...)
}

// legalFaults applies the faults of legal_actions to legal (seat p's).
func (m *match) legalFaults(legal []ref.LegalAction, p ref.SeatState, st *ref.State) []ref.LegalAction {
	toCall := st.CurrentBet() - p.Bet
	out := legal[:0]
	for _, a := range legal {
		switch {
		case a.Action == ref.ActionFold && toCall == 0 && m.faults.on(FaultFoldNotOffered):
			continue
		case a.Action == ref.ActionCall && p.Bet > 0 && m.faults.on(FaultCallIgnoresOwnBet):
			a.Amount = min(st.CurrentBet(), p.Credits)
		case a.Action == ref.ActionRaise && a.Max > a.Min && m.faults.on(FaultRaiseMaxShort):
			a.Max--
		}
		out = append(out, a)
	}
	return out
}

// noteValue keeps the hidden values of this and the previous round
// (FaultYourValueStale).
func (m *match) noteValue(seat, value int) {
	if !m.faults.on(FaultYourValueStale) {
		return
	}
	if m.curVals == nil {
		m.curVals, m.prevVals = map[int]int{}, map[int]int{}
	}
	if v, ok := m.curVals[seat]; ok {
		m.prevVals[seat] = v
	}
	m.curVals[seat] = value
}

// eventFaultTimeout applies the faults of timeout lines; false drops the
// line.
func (m *match) eventFaultTimeout(ev *ref.Event) bool {
	if m.faults.on(FaultTimeoutLineDropped) && !ev.SitOut {
		return false
	}
	if m.faults.on(FaultStrikesExcludeCurrent) {
		ev.Strikes--
	}
	if m.faults.on(FaultStrikesKeptAfterMove) {
		if m.strikeTotal == nil {
			m.strikeTotal = map[int]int{}
		}
		m.strikeTotal[ev.Seat]++
		ev.Strikes = max(ev.Strikes, m.strikeTotal[ev.Seat])
	}
	return true
}

// messageFaults applies the faults of table messages to mv: a message over
// the limit is cut down (FaultLongMessageTruncated), or one whose bytes
// exceed the limit is refused (FaultMessageLengthInBytes, refused true).
func (m *match) messageFaults(mv *ref.Move) (refused bool) {
	limit := m.cfg.MaxMessageChars
	if m.faults.on(FaultMessageLengthInBytes) && len(mv.Message) > limit {
		return true
	}
	if m.faults.on(FaultLongMessageTruncated) && utf8.RuneCountInString(mv.Message) > limit {
		mv.Message = string([]rune(mv.Message)[:limit])
	}
	return false
}

// payoutFaults rewrites a contested showdown's payouts (FaultTieToFirst,
// FaultLowestWins, FaultBestTakesSidePots): the line says who is paid instead, and the credits
// follow at the end of the round (settleAdjust). A rewrite that would leave
// a seat with no credits is not made.
func (m *match) payoutFaults(ev *ref.Event) {
	if len(ev.Payouts) == 0 || len(ev.Reveals) < 2 {
		return
	}
	value := map[int]int{}
	best, bestSeat, bests, low, lowSeat, lows := 0, -1, 0, 1<<30, -1, 0
	for _, r := range ev.Reveals {
		value[r.Seat] = r.Value
		switch {
		case r.Value > best:
			best, bestSeat, bests = r.Value, r.Seat, 1
		case r.Value == best:
			bests++
		}
		switch {
		case r.Value < low:
			low, lowSeat, lows = r.Value, r.Seat, 1
		case r.Value == low:
			lows++
		}
	}
	to := -1
	switch {
	case m.faults.on(FaultTieToFirst) && len(ev.Payouts) > 1 && value[ev.Payouts[0].Seat] == best && value[ev.Payouts[1].Seat] == best:
		to = ev.Payouts[0].Seat
	case m.faults.on(FaultLowestWins) && len(ev.Payouts) == 1 && lows == 1 && low < best:
		to = lowSeat
	case m.faults.on(FaultBestTakesSidePots) && len(ev.Payouts) > 1 && bests == 1:
		to = bestSeat
	default:
		return
	}
	for _, p := range ev.Payouts {
		if p.Seat != to && m.st.Seat(p.Seat).Credits-p.Amount < 1 {
			return
		}
	}
	total := 0
	for _, p := range ev.Payouts {
		total += p.Amount
		if p.Seat != to {
			m.adjust = append(m.adjust, creditAdjust{from: p.Seat, to: to, n: p.Amount})
		}
	}
	ev.Payouts = []ref.Payout{{Seat: to, Amount: total}}
	ev.Winners = []int{to}
	if m.faults.on(FaultBestTakesSidePots) {
		// The views' history follows the line (historyFix).
		if m.paidFix == nil {
			m.paidFix = map[int]ref.Payout{}
		}
		m.paidFix[ev.Round] = ev.Payouts[0]
	}
}

// historyFix makes the history of a view say who FaultBestTakesSidePots
// paid, as the showdown line does. It reports whether it changed anything.
func (m *match) historyFix(vs *ref.VisibleState) bool {
	changed := false
	for i := range vs.History {
		if p, ok := m.paidFix[vs.History[i].Round]; ok {
			vs.History[i].Winners, vs.History[i].Payouts = []int{p.Seat}, []ref.Payout{p}
			changed = true
		}
	}
	return changed
}
