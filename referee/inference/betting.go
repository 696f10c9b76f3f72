package inference

import (
	"encoding/json"
	"github.com/umpire-arena/umpire/referee/internal/jsonw"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/referee/rules"
)

// The three actions of a move.
const (
	ActionFold  = "fold"
	ActionCall  = "call"
	ActionRaise = "raise"
)

// Move is what a seat plays on its turn: an action, the raise increment for
// a raise, and an optional table message (empty means none, I-INF-13).
type Move struct {
	Action  string `json:"action"`
	Amount  int    `json:"amount,omitempty"`
	Message string `json:"message,omitempty"`
}

// LegalAction is one item of legal_actions. Fold has no argument; call has
// Amount, exactly what the seat pays; raise has Min and Max, the bounds of
// the increment. It marshals to the rules' wire form.
type LegalAction struct {
	Action string
	Amount int
	Min    int
	Max    int
}

// MarshalJSON writes {"action":"fold"}, {"action":"call","amount":N} or
// {"action":"raise","min":a,"max":b}.
func (l LegalAction) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"action":`), jsonw.AppendString(nil, l.Action)...)
	switch l.Action {
	case ActionCall:
		b = appendIntField(b, `,"amount":`, l.Amount)
	case ActionRaise:
		b = appendIntField(b, `,"min":`, l.Min)
		b = appendIntField(b, `,"max":`, l.Max)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an item of legal_actions; absent numbers read as 0.
func (l *LegalAction) UnmarshalJSON(b []byte) error {
	var w struct {
		Action string `json:"action"`
		Amount int    `json:"amount"`
		Min    int    `json:"min"`
		Max    int    `json:"max"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*l = LegalAction{Action: w.Action, Amount: w.Amount, Min: w.Min, Max: w.Max}
	return nil
}

// LegalActions appends to dst the legal actions of a seat holding credits
// that owes toCall after raisesUsed raises this round, under lim:
// fold always; call paying min(toCall, credits); raise with min lim.MinRaise
// and max min(lim.MaxRaise, credits − toCall), when a raise of the minimum
// is legal (raiseRefused: raises remain and credits cover toCall +
// lim.MinRaise; I-INF-4: offered even when no opponent could answer it).
func LegalActions(dst []LegalAction, credits, toCall, raisesUsed int, lim Limits) []LegalAction {
	toCall = max(0, min(toCall, credits))
	dst = append(dst, LegalAction{Action: ActionFold}, LegalAction{Action: ActionCall, Amount: toCall})
	if raiseRefused(lim.MinRaise, toCall, credits, raisesUsed, lim.MinRaise, lim.MaxRaise, lim.MaxRaisesPerRound) == "" {
		dst = append(dst, LegalAction{Action: ActionRaise, Min: lim.MinRaise, Max: min(lim.MaxRaise, credits-toCall)})
	}
	return dst
}

// Legal appends the legal actions of the seat to act to dst (nothing outside
// betting). It does not allocate when dst has room for three items.
func (s *State) Legal(dst []LegalAction) []LegalAction {
	if s.phase != PhaseBetting || s.rs.ToAct < 0 {
		return dst
	}
	p := &s.seats[s.rs.ToAct]
	lim := Limits{MinRaise: s.cfg.MinRaise, MaxRaise: s.cfg.MaxRaise, MaxRaisesPerRound: s.cfg.MaxRaisesPerRound}
	return LegalActions(dst, p.Credits, s.rs.Owed(p), s.rs.RaisesUsed, lim)
}

// check validates a move by seat without changing anything.
func (s *State) check(seat int, m Move) error {
	switch {
	case s.phase == PhaseOver:
		return rules.Errorf("inference/illegal.match-over", "the match is over")
	case s.phase != PhaseBetting:
		return rules.Errorf("inference/illegal.not-your-turn", "no seat is to act (phase %s)", s.phase)
	case seat != s.rs.ToAct:
		return rules.Errorf("inference/illegal.not-your-turn", "seat %d moved but seat %d is to act", seat, s.rs.ToAct)
	}
	if m.Message != "" {
		if n := utf8.RuneCountInString(m.Message); !s.cfg.MessageFits(n) {
			return rules.Errorf("inference/round.4.message-length", "message has %d characters, at most %d allowed", n, s.cfg.MaxMessageChars)
		}
	}
	p := &s.seats[seat]
	switch m.Action {
	case ActionFold, ActionCall:
		return nil // I-INF-40: an amount on fold or call is ignored
	case ActionRaise:
		if s.deviates(DevRaiseUncovered) {
			return s.cfg.CheckRaise(m.Amount, 0, p.Credits, s.rs.RaisesUsed) // the call forgotten
		}
		return s.rs.CheckRaise(&s.cfg, p, m.Amount)
	}
	return rules.Errorf("inference/wire.move.action", "unknown action %q (want fold, call or raise)", m.Action)
}

// Apply plays seat's own move. An illegal move returns a *rules.Error naming
// the rule and leaves the state unchanged (the turn is not consumed). A move
// the seat makes itself clears its strikes. The message, if any, is logged
// before the action.
func (s *State) Apply(seat int, m Move) error {
	if err := s.check(seat, m); err != nil {
		return err
	}
	s.seats[seat].Strikes = 0
	s.play(seat, m, false)
	return nil
}

// play performs a checked move.
func (s *State) play(seat int, m Move, timeout bool) {
	p := &s.seats[seat]
	if m.Message != "" {
		s.messages = append(s.messages, MessageRecord{Turn: s.rs.Turn, Seat: seat, Text: m.Message})
		if s.sink != nil {
			s.ev.setSmall(EventMessage, s.rs.Round, s.rs.Turn, seat)
			s.ev.Text = m.Message
			s.emit()
		}
	}
	rec := ActionRecord{Turn: s.rs.Turn, Seat: seat, Action: m.Action, Timeout: timeout}
	switch m.Action {
	case ActionFold:
		p.Folded = true
		if s.deviates(DevFoldRefunds) {
			// All the seat put in this round, ante too, goes back to it.
			s.pot -= p.Contribution
			p.Credits += p.Contribution
			p.Contribution, p.Bet = 0, 0
		}
	case ActionCall:
		pay := s.rs.ToCall(p)
		if pay == 0 && p.Credits >= 2 && s.deviates(DevCheckCostsOne) {
			pay = 1
		}
		p.Put(pay)
		s.pot += pay
		rec.Amount = pay
	case ActionRaise:
		// A checked raise is covered; one that is not (DevRaiseUncovered)
		// takes the whole stack.
		pay := min(s.rs.Owed(p)+m.Amount, p.Credits)
		if again := p.Bet; again > 0 && p.Credits > pay+again && s.deviates(DevRaiseForgetsOwnBets) {
			p.Put(again) // its bets so far paid again, counted once
			p.Bet -= again
			s.pot += again
		}
		p.Put(pay)
		s.pot += pay
		s.rs.Raise(s.seats, m.Amount)
		rec.Amount = m.Amount
	}
	rec.AllIn = p.Moved()
	s.actions = append(s.actions, rec)
	if s.sink != nil {
		s.ev.setSmall(EventAction, s.rs.Round, s.rs.Turn, seat)
		s.ev.Action, s.ev.Amount, s.ev.HasAmount = m.Action, rec.Amount, m.Action != ActionFold
		s.ev.Timeout, s.ev.AllIn = timeout, rec.AllIn
		s.emit()
	}
	// End of betting: one seat left, or nobody left to act (I-INF-3).
	if !s.rs.Next(s.seats, seat) {
		if s.deviates(DevBettingOverruns) && s.overrun(seat) {
			return
		}
		s.endBetting()
	}
}
