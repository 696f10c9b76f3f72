package fairness

import (
	"fmt"
	"math"
)

// The sample sizes below which a test of Coin or Even is not run.
const (
	// MinFlips is the least flips for the test of a coin's balance: from
	// there a coin that lands one side three times in four is caught.
	MinFlips = 100
	// MinFlipPairs is the least pairs of consecutive flips for the test of
	// their independence.
	MinFlipPairs = 100
	// MinPicks is the least picks for the test of a pick between two: a
	// pick that is always the same is caught from 22 on.
	MinPicks = 22
)

// Coin tests flips against "a fair coin": each sequence is the flips one
// room showed, in the order it showed them. Heads come up as often as tails
// (two-sided exact binomial over every flip), and a flip repeats the one
// before it in its sequence as often as not (two-sided exact binomial over
// the consecutive pairs: for independent fair flips each pair is equal with
// chance one half, whatever came before), which catches a coin that
// alternates or sticks although it is balanced.
func Coin(seqs [][]bool) []Test {
	return []Test{coinBalance(seqs), coinPairs(seqs)}
}

func coinBalance(seqs [][]bool) Test {
	t := Test{Name: "Cover coins land heads as often as tails"}
	heads := 0
	for _, s := range seqs {
		for _, f := range s {
			t.N++
			if f {
				heads++
			}
		}
	}
	if t.N < MinFlips {
		t.Why = fmt.Sprintf("%d flips seen; the test needs %d to have power", t.N, MinFlips)
		return t
	}
	t.Ran, t.P = true, HalfTwoSided(heads, t.N)
	t.Observed = fmt.Sprintf("%d heads of %d flips (%.1f %%)", heads, t.N, 100*float64(heads)/float64(t.N))
	t.Expected = fmt.Sprintf("about %d (50 %%)", t.N/2)
	return t
}

func coinPairs(seqs [][]bool) Test {
	t := Test{Name: "a Cover coin repeats the flip before it as often as not"}
	same := 0
	for _, s := range seqs {
		for i := 1; i < len(s); i++ {
			t.N++
			if s[i] == s[i-1] {
				same++
			}
		}
	}
	if t.N < MinFlipPairs {
		t.Why = fmt.Sprintf("%d pairs of consecutive flips seen; the test needs %d", t.N, MinFlipPairs)
		return t
	}
	t.Ran, t.P = true, HalfTwoSided(same, t.N)
	t.Observed = fmt.Sprintf("%d of %d consecutive pairs equal", same, t.N)
	t.Expected = fmt.Sprintf("about %d (half)", t.N/2)
	return t
}

// Even tests a pick between two equally likely options, made n times, of
// which k took the first: the two-sided exact binomial test of one half.
// name says what was picked, first what the first option is.
func Even(name, first string, k, n int) Test {
	t := Test{Name: name, N: n}
	if n < MinPicks {
		t.Why = fmt.Sprintf("%d picks seen; the test needs %d to have power", n, MinPicks)
		return t
	}
	t.Ran, t.P = true, HalfTwoSided(k, n)
	t.Observed = fmt.Sprintf("%s in %d of %d", first, k, n)
	t.Expected = fmt.Sprintf("about %d (half)", n/2)
	return t
}

// HalfTwoSided returns the two-sided p-value of k successes in n trials of
// chance one half: twice the smaller tail, at most 1.
func HalfTwoSided(k, n int) float64 {
	if n <= 0 {
		return 1
	}
	tail := min(BinomialUpper(k, n, 0.5), BinomialUpper(n-k, n, 0.5))
	return math.Min(1, 2*tail)
}
