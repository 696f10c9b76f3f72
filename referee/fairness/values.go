package fairness

import (
	"fmt"
	"sort"
)

// Test is the outcome of one statistical test of what a server showed.
type Test struct {
	// Name says what was tested, for people.
	Name string
	// N counts the samples the test used.
	N int
	// Observed and Expected describe the statistic, for a report.
	Observed, Expected string
	// P is the p-value: the chance that a correct server shows a result at
	// least this far from the expected one.
	P float64
	// Ran is false when the samples were too few for the test to have
	// power; Why says so.
	Ran bool
	Why string
}

// Failed reports whether the test ran and rejects at Alpha.
func (t Test) Failed() bool { return t.Ran && t.P < Alpha }

// Deal is the hidden values of one round by seat, for the seats dealt in.
type Deal map[int]int

// The sample sizes below which a test of Values is not run.
const (
	// MinPerBin is the least expected count of a bin of the uniformity
	// test: the chi-square approximation holds far into its tail.
	MinPerBin = 20
	// Bins is how many equal bins the uniformity test counts values in.
	Bins = 10
	// MinRounds is the least rounds of two seats or more for the test of
	// repeats within a round.
	MinRounds = 10
	// MinPairs is the least pairs of a seat's values in consecutive rounds
	// for the test of repeats from one round to the next.
	MinPairs = 10
)

// Values tests deals (in round order; a round not seen is nil) against
// "uniform and independent" over lo–hi: the values spread evenly over the
// range (chi-square over Bins equal bins), seats of one round do not repeat
// each other's values more often than chance (rounds holding a repeat,
// against the exact chance of each), and a seat's value does not repeat
// its value of the round before more often than chance (binomial). Values
// outside lo–hi are left to the range rule and not counted here.
func Values(deals []Deal, lo, hi int) []Test {
	span := hi - lo + 1
	return []Test{uniform(deals, lo, hi, span), sameRound(deals, lo, hi, span), nextRound(deals, lo, hi, span)}
}

func inRange(v, lo, hi int) bool { return v >= lo && v <= hi }

func uniform(deals []Deal, lo, hi, span int) Test {
	t := Test{Name: fmt.Sprintf("values spread evenly over %d–%d (%d bins)", lo, hi, Bins)}
	counts := make([]int, Bins)
	for _, d := range deals {
		for _, v := range d {
			if inRange(v, lo, hi) {
				counts[(v-lo)*Bins/span]++
				t.N++
			}
		}
	}
	if t.N < MinPerBin*Bins {
		t.Why = fmt.Sprintf("%d values seen; the test needs %d (%d a bin) to have power", t.N, MinPerBin*Bins, MinPerBin)
		return t
	}
	chi := 0.0
	for b, c := range counts {
		// A bin's share of the range: bins differ by one value when the
		// span is not a multiple of Bins.
		width := (b+1)*span/Bins - b*span/Bins
		e := float64(t.N) * float64(width) / float64(span)
		chi += (float64(c) - e) * (float64(c) - e) / e
	}
	t.Ran, t.P = true, ChiSquareUpper(chi, Bins-1)
	t.Observed = fmt.Sprintf("counts by bin %v (chi-square %.1f, %d degrees of freedom)", counts, chi, Bins-1)
	t.Expected = fmt.Sprintf("about %.0f a bin", float64(t.N)/Bins)
	return t
}

func sameRound(deals []Deal, lo, hi, span int) Test {
	t := Test{Name: "seats of one round repeat each other's values no more often than chance"}
	var ps []float64
	expected := 0.0
	hits := 0
	for _, d := range deals {
		var vals []int
		for _, v := range d {
			if inRange(v, lo, hi) {
				vals = append(vals, v)
			}
		}
		if len(vals) < 2 {
			continue
		}
		// The chance that k independent uniform values are not all
		// different.
		distinct := 1.0
		for i := range vals {
			distinct *= 1 - float64(i)/float64(span)
		}
		ps = append(ps, 1-distinct)
		expected += 1 - distinct
		sort.Ints(vals)
		for i := 1; i < len(vals); i++ {
			if vals[i] == vals[i-1] {
				hits++
				break
			}
		}
	}
	t.N = len(ps)
	if t.N < MinRounds {
		t.Why = fmt.Sprintf("%d rounds of two seats or more seen; the test needs %d", t.N, MinRounds)
		return t
	}
	t.Ran, t.P = true, PoissonBinomialUpper(hits, ps)
	t.Observed = fmt.Sprintf("%d of %d rounds hold a value dealt to two seats", hits, t.N)
	t.Expected = fmt.Sprintf("about %.1f", expected)
	return t
}

func nextRound(deals []Deal, lo, hi, span int) Test {
	t := Test{Name: "a seat's value repeats its value of the round before no more often than chance"}
	hits := 0
	for r := 1; r < len(deals); r++ {
		for seat, v := range deals[r] {
			prev, ok := deals[r-1][seat]
			if !ok || !inRange(v, lo, hi) || !inRange(prev, lo, hi) {
				continue
			}
			t.N++
			if v == prev {
				hits++
			}
		}
	}
	if t.N < MinPairs {
		t.Why = fmt.Sprintf("%d pairs of a seat's values in consecutive rounds seen; the test needs %d", t.N, MinPairs)
		return t
	}
	// Under independence each pair repeats with chance 1/span, whatever
	// came before: the count is binomial.
	t.Ran, t.P = true, BinomialUpper(hits, t.N, 1/float64(span))
	t.Observed = fmt.Sprintf("%d of %d pairs repeat", hits, t.N)
	t.Expected = fmt.Sprintf("about %.1f", float64(t.N)/float64(span))
	return t
}
