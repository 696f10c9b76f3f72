package judge

import (
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
)

// Figures are the public figures of the table after one line of a
// record, as the judge holds them: what a visible_state sent at that
// point must show (the pot, the current bet, the raises used, the
// dealer, the ante, each seat's credits, contribution, folds, all-ins
// and sit-outs, what a seat owes).
type Figures struct {
	// Line is the record line they follow (1-based).
	Line int
	// Round is the round's count (number, dealer, ante, current bet,
	// raises used, turn, seat to act).
	Round ref.RoundState
	// Seats are the seats' states; Value is cleared (hidden).
	Seats []ref.SeatState
}

// Pot is what the seats put in this round.
func (f Figures) Pot() int {
	n := 0
	for _, s := range f.Seats {
		n += s.Contribution
	}
	return n
}

// Owes is what seat owes to call: the current bet less its bets this
// round, capped at its credits (WIRE.md's to_call).
func (f Figures) Owes(seat int) int {
	if seat < 0 || seat >= len(f.Seats) {
		return 0
	}
	p := &f.Seats[seat]
	return ref.CallPay(max(0, f.Round.CurrentBet-p.Bet), p.Credits)
}

// Follow judges rec as Judge does and returns, with the verdict, the
// figures after each of its lines (figures[i] follows line i+1).
func Follow(rec Record, opts Options) (Verdict, []Figures) {
	out := make([]Figures, 0, len(rec.Lines))
	v := run(rec, opts, func(line int, v *verify.Verifier) {
		rs, seats := v.Table(nil)
		for i := range seats {
			seats[i].Value = 0
		}
		out = append(out, Figures{Line: line, Round: rs, Seats: seats})
	})
	return v, out
}
