package inference

import (
	"github.com/umpire-arena/umpire/referee/rules"
)

// HistoryFullRounds is how many of the latest finished rounds keep their
// actions and messages in visible_state.history.
const HistoryFullRounds = 20

// TurnRef is visible_state.turn: the action number and the seat to act.
type TurnRef struct {
	Turn int `json:"turn"`
	Seat int `json:"seat"`
}

// PlayerView is one entry of visible_state.players.
type PlayerView struct {
	Seat       int    `json:"seat"`
	Name       string `json:"name"`
	Credits    int    `json:"credits"`
	Busted     bool   `json:"busted"`
	SittingOut bool   `json:"sitting_out"`
	// BackInRound is set (and written) only while the seat sits out.
	BackInRound  int  `json:"back_in_round,omitempty"`
	InRound      bool `json:"in_round"`
	Folded       bool `json:"folded"`
	AllIn        bool `json:"all_in"`
	Contribution int  `json:"contribution"`
}

// VisibleState is what one seat may see (the rules' visible_state), field
// for field in the order of the rules' example. Field meanings follow
// WIRE.md: CurrentBet counts bets above the ante, ToCall is what the seat
// owes capped at its credits, Contribution is ante plus bets.
type VisibleState struct {
	Game               string          `json:"game"`
	RulesVersion       string          `json:"rules_version"`
	RoundsTotal        int             `json:"rounds_total"`
	Round              int             `json:"round"`
	Dealer             int             `json:"dealer"`
	TableSize          int             `json:"table_size"`
	YourSeat           int             `json:"your_seat"`
	YourValue          *int            `json:"your_value"`
	YourCredits        int             `json:"your_credits"`
	ToCall             int             `json:"to_call"`
	CallBreakevenValue *int            `json:"call_breakeven_value"`
	CurrentBet         int             `json:"current_bet"`
	Pot                int             `json:"pot"`
	RaisesUsed         int             `json:"raises_used"`
	Limits             Limits          `json:"limits"`
	Turn               *TurnRef        `json:"turn"`
	Players            []PlayerView    `json:"players"`
	Actions            []ActionRecord  `json:"actions"`
	Messages           []MessageRecord `json:"messages"`
	History            []RoundRecord   `json:"history"`
}

// View projects the state for seat: its own value (never another seat's
// before showdown), public seat data, the round so far, and history with
// the last HistoryFullRounds rounds in full and older ones trimmed to
// round, dealer, pot, uncontested, winners, reveals and payouts. The
// slices inside History entries are shared with the state: treat them as
// read-only.
func (s *State) View(seat int) VisibleState {
	var vs VisibleState
	s.ViewInto(seat, &vs)
	return vs
}

// ViewInto is View writing into vs and reusing its slices and pointers, so
// a caller that projects a view per decision does not allocate once the
// buffers have grown. Whatever vs held before is overwritten.
func (s *State) ViewInto(seat int, vs *VisibleState) {
	players, actions, messages, history := vs.Players[:0], vs.Actions[:0], vs.Messages[:0], vs.History[:0]
	yourValue, breakeven, turn := vs.YourValue, vs.CallBreakevenValue, vs.Turn
	*vs = VisibleState{
		Game:         GameName,
		RulesVersion: RulesVersion,
		RoundsTotal:  s.cfg.Rounds,
		Round:        s.rs.Round,
		Dealer:       s.rs.Dealer,
		TableSize:    len(s.seats),
		YourSeat:     seat,
		Limits:       s.cfg.Limits(s.rs.Round),
	}
	if actions == nil {
		actions = []ActionRecord{}
	}
	if messages == nil {
		messages = []MessageRecord{}
	}
	if history == nil {
		history = []RoundRecord{}
	}
	vs.Actions = append(actions, s.actions...)
	vs.Messages = append(messages, s.messages...)
	// I-INF-15: outside a round, no value, turn or round figures are shown.
	between := s.phase == PhaseReady || s.phase == PhaseOver
	if s.rs.Round == 0 {
		vs.Dealer = s.setup.FirstDealer
	}
	if !between {
		vs.CurrentBet, vs.Pot, vs.RaisesUsed = s.rs.CurrentBet, s.pot, s.rs.RaisesUsed
	}
	for i := range s.seats {
		p := &s.seats[i]
		pv := PlayerView{Seat: i, Name: p.Name, Credits: p.Credits, Busted: p.Busted, SittingOut: p.SittingOut}
		if p.SittingOut {
			pv.BackInRound = p.BackInRound
		}
		if !between {
			pv.InRound, pv.Folded, pv.AllIn, pv.Contribution = p.InRound, p.Folded, p.AllIn, p.Contribution
		}
		players = append(players, pv)
	}
	vs.Players = players
	if seat >= 0 && seat < len(s.seats) {
		me := &s.seats[seat]
		vs.YourCredits = me.Credits
		if !between && me.InRound && me.Value != 0 {
			if yourValue == nil {
				yourValue = new(int)
			}
			*yourValue = me.Value
			vs.YourValue = yourValue
		}
		if s.phase == PhaseBetting {
			vs.ToCall = s.ToCall(seat)
			if !me.AllIn {
				if be, ok := BreakevenValue(s.pot, vs.ToCall, s.opponentsIn(seat)); ok {
					if breakeven == nil {
						breakeven = new(int)
					}
					*breakeven = be
					vs.CallBreakevenValue = breakeven
				}
			}
		}
	}
	if s.phase == PhaseBetting {
		if turn == nil {
			turn = new(TurnRef)
		}
		*turn = TurnRef{Turn: s.rs.Turn, Seat: s.rs.ToAct}
		vs.Turn = turn
	}
	// One bulk copy, then the older rounds trimmed in the copy.
	history = append(history, s.history...)
	for i := range len(history) - HistoryFullRounds {
		history[i].Actions, history[i].Messages = nil, nil
	}
	vs.History = history
}

// opponentsIn counts the non-folded seats in the round other than seat.
func (s *State) opponentsIn(seat int) int {
	k := 0
	for i := range s.seats {
		if q := &s.seats[i]; i != seat && q.InRound && !q.Folded {
			k++
		}
	}
	return k
}

// LegalFromView derives the legal_actions of the seat whose view vs is,
// from the view alone: to_call (what the seat owes), its credits, the raises
// used and the limits. It fails only when the view cannot give them: no turn
// or another seat's, no usable raise bounds, no credits to act with, a
// negative to_call. A to_call above the seat's credits is read as capped
// (the call item is an all-in). How current_bet, contributions and credits
// relate to to_call is umpire's pin, checked apart by ViewConventions, so
// that another convention never stops the derivation.
func LegalFromView(vs VisibleState) ([]LegalAction, error) {
	if vs.Turn == nil {
		return nil, rules.Errorf("inference/illegal.not-your-turn", "visible_state.turn is null: no seat is to act")
	}
	if vs.Turn.Seat != vs.YourSeat {
		return nil, rules.Errorf("inference/illegal.not-your-turn", "seat %d is to act, the view is seat %d's", vs.Turn.Seat, vs.YourSeat)
	}
	if lim := vs.Limits; lim.MinRaise < 1 || lim.MaxRaise < lim.MinRaise || lim.MaxRaisesPerRound < 0 {
		return nil, rules.Errorf("inference/wire.visible-state.fields", "limits give no usable raise bounds (min_raise %d, max_raise %d, max_raises_per_round %d)", lim.MinRaise, lim.MaxRaise, lim.MaxRaisesPerRound)
	}
	if vs.YourCredits <= 0 {
		return nil, rules.Errorf("inference/round.3.all-in", "a seat with %d credits cannot act", vs.YourCredits)
	}
	if vs.ToCall < 0 {
		return nil, rules.Errorf("inference/wire.visible-state.fields", "to_call %d is negative", vs.ToCall)
	}
	return LegalActions(nil, vs.YourCredits, vs.ToCall, vs.RaisesUsed, vs.Limits), nil
}

// ViewConventions checks the seat's own numbers of a view against each
// other: to_call capped at the credits and equal to current_bet less the
// seat's bets above the ante (umpire's pins, I-INF-4: another server may
// count otherwise), and the seat's players entry showing its credits (the
// rules: credits are public). Each error carries its rule; none of them
// stops LegalFromView.
func ViewConventions(vs VisibleState) []error {
	var out []error
	if vs.ToCall > vs.YourCredits {
		out = append(out, rules.Errorf("inference/protocol.to-call", "to_call %d must lie in 0..your_credits (%d)", vs.ToCall, vs.YourCredits))
	}
	for _, p := range vs.Players {
		if p.Seat != vs.YourSeat {
			continue
		}
		// Own bets above the ante = contribution − ante (a seat that acts
		// has paid its full ante).
		want := min(max(0, vs.CurrentBet-(p.Contribution-vs.Limits.Ante)), vs.YourCredits)
		if want != vs.ToCall && vs.ToCall <= vs.YourCredits {
			out = append(out, rules.Errorf("inference/protocol.current-bet", "to_call is %d but current_bet %d, contribution %d and ante %d give %d", vs.ToCall, vs.CurrentBet, p.Contribution, vs.Limits.Ante, want))
		}
		if p.Credits != vs.YourCredits {
			out = append(out, rules.Errorf("inference/visibility.public", "players[%d].credits %d differs from your_credits %d", p.Seat, p.Credits, vs.YourCredits))
		}
	}
	return out
}

// PotConvention checks that a visible_state's pot is what its players put in
// this round: the sum of players[].contribution (ante plus bets, folded
// seats included). It returns nil when they agree.
func PotConvention(vs VisibleState) error {
	sum := 0
	for _, p := range vs.Players {
		sum += p.Contribution
	}
	if sum != vs.Pot {
		return rules.Errorf("inference/wire.visible-state.contribution", "pot is %d but players[].contribution add up to %d", vs.Pot, sum)
	}
	return nil
}

// rampSteps is how many steps of the ante ramp apply in round r (0 before
// its first round).
func rampSteps(r int, ramp AnteRamp) int {
	if ramp.EveryRounds <= 0 || r < ramp.FromRound {
		return 0
	}
	return 1 + (r-ramp.FromRound)/ramp.EveryRounds
}

// AnteConvention checks the ante of a later visible_state against an
// earlier one of the same match by the pinned ramp (WIRE.md: ante(r) =
// base + step × steps(r)): the two antes must differ by step × the steps
// between their rounds. It returns nil when they agree or the ramps differ
// (nothing to compare).
func AnteConvention(first, later VisibleState) error {
	ramp := later.Limits.AnteRamp
	if ramp != first.Limits.AnteRamp {
		return nil
	}
	want := first.Limits.Ante + ramp.Step*(rampSteps(later.Round, ramp)-rampSteps(first.Round, ramp))
	if later.Limits.Ante != want {
		return rules.Errorf("inference/protocol.ante-formula", "limits.ante is %d in round %d, but %d in round %d and ante_ramp %+v give %d",
			later.Limits.Ante, later.Round, first.Limits.Ante, first.Round, ramp, want)
	}
	return nil
}
