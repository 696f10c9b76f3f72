package inference

import "sort"

// Pot is one layer of the round's contributions and the seats that contest
// it (non-folded seats that paid into it), sorted by seat.
type Pot struct {
	Amount   int   `json:"amount"`
	Eligible []int `json:"eligible"`
}

// Pots splits contributions into the main pot and side pots (I-INF-5):
// one layer per distinct contribution level over all seats, folded ones
// included; each layer is contested by the non-folded seats that reached
// it; a layer no non-folded seat reached is added to the highest layer that
// has one. contributions and folded are indexed by seat (a seat not in the
// round counts as folded with 0). The amounts add up to the sum of the
// contributions.
func Pots(contributions []int, folded []bool) []Pot {
	var levels []int
	return appendPots(nil, &levels, contributions, folded)
}

// appendPots is Pots appending to dst, with levels as reusable scratch.
// Eligible slices of reused Pots are reused too.
func appendPots(dst []Pot, levels *[]int, contributions []int, folded []bool) []Pot {
	lv := (*levels)[:0]
	for _, c := range contributions {
		if c > 0 {
			lv = append(lv, c)
		}
	}
	sort.Ints(lv)
	// Deduplicate.
	u := lv[:0]
	for i, c := range lv {
		if i == 0 || c != lv[i-1] {
			u = append(u, c)
		}
	}
	*levels = u
	start := len(dst)
	prev := 0
	for _, level := range u {
		amount := 0
		for _, c := range contributions {
			amount += min(c, level) - min(c, prev)
		}
		var elig []int
		if len(dst) < cap(dst) {
			elig = dst[:len(dst)+1][len(dst)].Eligible[:0]
		}
		for seat, c := range contributions {
			if c >= level && !folded[seat] {
				elig = append(elig, seat)
			}
		}
		prev = level
		if len(elig) == 0 {
			// I-INF-5: no non-folded seat reached this layer; it goes to the
			// highest layer that has contenders.
			for k := len(dst) - 1; k >= start; k-- {
				if len(dst[k].Eligible) > 0 {
					dst[k].Amount += amount
					amount = 0
					break
				}
			}
			if amount == 0 {
				continue
			}
		}
		dst = append(dst, Pot{Amount: amount, Eligible: elig})
	}
	// A layer with no contenders below every contested layer (possible only
	// when no seat is left in) stays as is; otherwise merge empty layers
	// upward into the next contested layer below them has been done above.
	return dst
}
