package verify

import ref "github.com/umpire-arena/umpire/referee/inference"

// Table returns the table as the verifier holds it after the lines read
// so far, in the engine's terms: the round's count (number, dealer, ante,
// current bet, raises used) and every seat's state appended to dst[:0]
// (credits, contribution, bet, folded, all-in, dealt in, sitting out and
// back_in_round…). Where a divergence left a stack with two readings or
// unknown, the seat's Credits is the reading the verifier follows. The
// Inference judge answers a seat's visible_state from it.
func (v *Verifier) Table(dst []ref.SeatState) (ref.RoundState, []ref.SeatState) {
	return v.rs, append(dst[:0], v.seats...)
}
