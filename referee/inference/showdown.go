package inference

import "github.com/umpire-arena/umpire/referee/rules"

// Reveal is a value shown at showdown.
type Reveal struct {
	Seat  int `json:"seat"`
	Value int `json:"value"`
}

// Payout is what one seat receives at the end of a round, summed over pots.
type Payout struct {
	Seat   int `json:"seat"`
	Amount int `json:"amount"`
}

// Outcome is the result of a round: the showdown line's content.
type Outcome struct {
	Pot         int      `json:"pot"`
	Uncontested bool     `json:"uncontested"`
	Reveals     []Reveal `json:"reveals"`
	Winners     []int    `json:"winners"`
	Payouts     []Payout `json:"payouts"`
}

// Settle resolves a round from what each seat put in, who folded, the
// hidden values and the dealer (all indexed by seat; a seat not in the round
// counts as folded with contribution 0, and its value is ignored).
//
// With two or more non-folded seats it is a showdown: their values are
// revealed, each pot of Pots goes to its best value, ties split evenly and
// the odd credits go one each to the tied winners in seat order starting
// left of the dealer. With one non-folded seat it takes the whole pot,
// uncontested, and nothing is revealed (I-INF-6); with none the pot (0)
// stays unpaid. Values of the non-folded seats must be in 1–100 for a
// showdown; otherwise Settle returns a *rules.Error.
func Settle(contributions []int, folded []bool, values []int, dealer int) (Outcome, error) {
	var sc settleScratch
	var o Outcome
	err := settle(&o, &sc, contributions, folded, values, dealer)
	return o, err
}

// Settler is Settle with its buffers kept from one round to the next (no
// allocation in steady state), which also tells what the last showdown it
// settled involved: how many pots had contenders of their own, how many were
// split among tied best values, how many of those did not split evenly, and
// which seats took an odd credit's share. A verifier uses it to settle a
// logged showdown and to name the rule a wrong payout breaks.
type Settler struct {
	o  Outcome
	sc settleScratch
}

// Settle is Settle (the function) into the Settler's buffers: the Outcome
// stays valid until the next call.
func (s *Settler) Settle(contributions []int, folded []bool, values []int, dealer int) (*Outcome, error) {
	err := settle(&s.o, &s.sc, contributions, folded, values, dealer)
	return &s.o, err
}

// Pots returns the pots of the last contested showdown that had contenders
// of their own (layers with the same contenders count as one pot): more than
// one means side pots.
func (s *Settler) Pots() int { return s.sc.contested }

// TiedPots returns the pots of the last showdown shared by tied best values.
func (s *Settler) TiedPots() int { return s.sc.tied }

// OddPots returns the tied pots of the last showdown whose amount did not
// split evenly (odd credits).
func (s *Settler) OddPots() int { return s.sc.odd }

// OddSeat reports whether seat was among the tied winners of a pot of the
// last showdown that did not split evenly (seats 0 to 63: any table).
func (s *Settler) OddSeat(seat int) bool {
	return seat >= 0 && seat < 64 && s.sc.oddSeat&(1<<seat) != 0
}

type settleScratch struct {
	levels []int
	pots   []Pot
	payout []int
	best   []int
	// What the last contested showdown involved (Settler).
	contested, tied, odd int
	oddSeat              uint64 // bit s: seat s shared an odd split
}

func settle(o *Outcome, sc *settleScratch, contributions []int, folded []bool, values []int, dealer int) error {
	n := len(contributions)
	if len(folded) != n || len(values) != n {
		return rules.Errorf("inference/round.6.showdown", "settle: %d contributions, %d fold flags and %d values disagree", n, len(folded), len(values))
	}
	o.Pot, o.Uncontested = 0, false
	o.Reveals, o.Winners, o.Payouts = o.Reveals[:0], o.Winners[:0], o.Payouts[:0]
	left := 0
	for seat, c := range contributions {
		if c < 0 {
			return rules.Errorf("inference/round.6.side-pots", "seat %d has a negative contribution %d", seat, c)
		}
		o.Pot += c
		if !folded[seat] {
			left++
		}
	}
	if cap(sc.payout) < n {
		sc.payout = make([]int, n)
	}
	pay := sc.payout[:n]
	clear(pay)
	sc.contested, sc.tied, sc.odd, sc.oddSeat = 0, 0, 0, 0
	if left <= 1 {
		// I-INF-6: the last seat takes everything, unrevealed.
		o.Uncontested = true
		for seat := range contributions {
			if !folded[seat] {
				pay[seat] = o.Pot
			}
		}
	} else {
		for seat := range contributions {
			if folded[seat] {
				continue
			}
			v := values[seat]
			if v < ValueMin || v > ValueMax {
				return rules.Errorf("inference/round.6.showdown", "seat %d reaches showdown without a value in %d..%d (got %d)", seat, ValueMin, ValueMax, v)
			}
			o.Reveals = append(o.Reveals, Reveal{Seat: seat, Value: v})
		}
		sc.pots = appendPots(sc.pots[:0], &sc.levels, contributions, folded)
		prev := 0
		for _, p := range sc.pots {
			if len(p.Eligible) == 0 {
				continue
			}
			if len(p.Eligible) != prev {
				// Layers with the same contenders are one pot in effect.
				// Contenders only drop out as the layers rise, so a layer
				// has its predecessor's contenders when it has as many.
				sc.contested++
				prev = len(p.Eligible)
			}
			top := 0
			for _, s := range p.Eligible {
				top = max(top, values[s])
			}
			best := sc.best[:0]
			// Tied winners in seat order starting left of the dealer.
			for i := 1; i <= n; i++ {
				s := (dealer + i) % n
				if !folded[s] && contributions[s] > 0 && values[s] == top && contains(p.Eligible, s) {
					best = append(best, s)
				}
			}
			sc.best = best
			share, odd := p.Amount/len(best), p.Amount%len(best)
			if len(best) > 1 {
				sc.tied++
				if odd > 0 {
					sc.odd++
					for _, s := range best {
						if s < 64 {
							sc.oddSeat |= 1 << s
						}
					}
				}
			}
			for i, s := range best {
				pay[s] += share
				if i < odd {
					pay[s]++
				}
			}
		}
	}
	// I-INF-14: winners are the seats with a positive payout.
	for seat, a := range pay {
		if a > 0 {
			o.Winners = append(o.Winners, seat)
			o.Payouts = append(o.Payouts, Payout{Seat: seat, Amount: a})
		}
	}
	return nil
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
