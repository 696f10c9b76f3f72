package inference

import (
	"math/big"
	"math/bits"
)

// BreakevenValue returns call_breakeven_value (I-INF-11): the smallest v in
// 1–100 with share(v) × (pot + cost) ≥ cost, where cost is what the call
// costs the seat, pot the pot before the call, and share(v) the expected
// fraction of the pot won with value v against opponents other non-folded
// seats holding independent uniform values in 1–100, ties split evenly, no
// further raises, side pots ignored. ok is false (the field is null) when
// cost ≤ 0.
//
// With a = v − 1 (values an opponent loses to) and e = 1 (values it ties),
// out of 100,
//
//	share(v) = Σ_{j=0..k} C(k, j) · a^(k−j) · e^j / (100^k · (j + 1))
//
// for k opponents: j opponents tie and the rest hold less. The comparison is
// done in exact integer arithmetic after multiplying by 100^k · lcm(1..k+1).
// If no v in range qualifies, the result is 100.
func BreakevenValue(pot, cost, opponents int) (v int, ok bool) {
	if cost <= 0 {
		return 0, false
	}
	if opponents <= 0 {
		return ValueMin, true
	}
	if opponents <= 7 && pot >= 0 {
		return breakevenSmall(pot, cost, opponents), true
	}
	return breakevenBig(pot, cost, opponents), true
}

// breakevenBig is BreakevenValue in arbitrary precision, for any number of
// opponents.
func breakevenBig(pot, cost, opponents int) int {
	k := int64(opponents)
	l := big.NewInt(1)
	for j := int64(2); j <= k+1; j++ {
		g := new(big.Int).GCD(nil, nil, l, big.NewInt(j))
		l.Mul(l, big.NewInt(j))
		l.Quo(l, g)
	}
	span := int64(ValueMax - ValueMin + 1)
	rhs := new(big.Int).Exp(big.NewInt(span), big.NewInt(k), nil)
	rhs.Mul(rhs, l)
	rhs.Mul(rhs, big.NewInt(int64(cost)))
	total := big.NewInt(int64(pot + cost))
	qualifies := func(v int) bool {
		a := big.NewInt(int64(v - ValueMin))
		sum := new(big.Int)
		binom := big.NewInt(1)
		term := new(big.Int)
		for j := int64(0); j <= k; j++ {
			if j > 0 {
				binom.Mul(binom, big.NewInt(k-j+1))
				binom.Quo(binom, big.NewInt(j))
			}
			term.Exp(a, big.NewInt(k-j), nil)
			term.Mul(term, binom)
			term.Mul(term, new(big.Int).Quo(l, big.NewInt(j+1)))
			sum.Add(sum, term)
		}
		sum.Mul(sum, total)
		return sum.Cmp(rhs) >= 0
	}
	lo, hi := ValueMin, ValueMax
	if !qualifies(hi) {
		return ValueMax
	}
	for lo < hi { // share is increasing in v
		mid := (lo + hi) / 2
		if qualifies(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// breakevenSmall is BreakevenValue for up to 7 opponents in 128-bit integer
// arithmetic: with L = lcm(1..k+1) ≤ 840, L·100^k < 2^63, so both sides of
// the comparison fit in a 64×64-bit product.
func breakevenSmall(pot, cost, k int) int {
	l := uint64(1)
	for j := uint64(2); j <= uint64(k)+1; j++ {
		a, b := l, j
		for b != 0 {
			a, b = b, a%b
		}
		l = l / a * j
	}
	pow := uint64(1)
	for range k {
		pow *= uint64(ValueMax - ValueMin + 1)
	}
	rhsHi, rhsLo := bits.Mul64(l*pow, uint64(cost))
	total := uint64(pot + cost)
	var binom [9]uint64
	binom[0] = 1
	for j := 1; j <= k; j++ {
		binom[j] = binom[j-1] * uint64(k-j+1) / uint64(j)
	}
	qualifies := func(v int) bool {
		a := uint64(v - ValueMin)
		var sum uint64
		for j := 0; j <= k; j++ {
			term := binom[j] * (l / uint64(j+1))
			for range k - j {
				term *= a
			}
			sum += term
		}
		hi, lo := bits.Mul64(sum, total)
		return hi > rhsHi || hi == rhsHi && lo >= rhsLo
	}
	if !qualifies(ValueMax) {
		return ValueMax
	}
	lo, hi := ValueMin, ValueMax
	for lo < hi {
		mid := (lo + hi) / 2
		if qualifies(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}
