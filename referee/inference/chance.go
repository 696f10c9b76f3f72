package inference

// Chance is where a match takes its random outcomes from: the seating of the
// players, round 1's dealer and every hidden value. The rules document
// (inference-0.4) says the values are dealt uniformly from 1–100 but names no
// generator, so the engine owns none: State takes the first dealer in its
// Setup and the values in StartRound, and Match asks its Chance for them.
//
// Seeded is umpire's own implementation (I-INF-16: SHA-256 streams of the
// seed; SeatAssignment, FirstDealer and DealValue). A second implementation
// can answer from what a server showed — the seating and dealer of
// match_start, each value of deal_private or the showdown — and check that
// it was possible (a seat of the table, a value of 1–100); a value nobody
// has seen yet stays unknown to such a judge rather than guessed.
type Chance interface {
	// Seating returns the seating of n players: element s is the index (in
	// the order the players were given) of the player in seat s.
	Seating(n int) []int
	// FirstDealer names round 1's dealer seat of a table of n seats.
	FirstDealer(n int) int
	// Value deals seat's hidden value of round (ValueMin–ValueMax).
	Value(round, seat int) int
}

// Seeded returns umpire's chance for seed: SeatAssignment, FirstDealer and
// DealValue of that seed (I-INF-16).
func Seeded(seed string) Chance { return seeded(seed) }

type seeded string

func (s seeded) Seating(n int) []int       { return SeatAssignment(string(s), n) }
func (s seeded) FirstDealer(n int) int     { return FirstDealer(string(s), n) }
func (s seeded) Value(round, seat int) int { return DealValue(string(s), round, seat) }

// isPerm reports whether p is an order of 0…n−1.
func isPerm(p []int, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, i := range p {
		if i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}
