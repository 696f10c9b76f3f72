package fairness

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	inf "github.com/umpire-arena/umpire/referee/inference"
)

func TestChiSquareUpper(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		df   int
		want float64
	}{
		{16.919, 9, 0.05}, {21.666, 9, 0.01}, {27.877, 9, 0.001}, {3.841, 1, 0.05}, {0, 9, 1}, {9, 9, 0.4373},
	} {
		if got := ChiSquareUpper(tc.x, tc.df); math.Abs(got-tc.want) > 1e-3*math.Max(tc.want, 0.01) {
			t.Errorf("ChiSquareUpper(%g, %d) = %g, want %g", tc.x, tc.df, got, tc.want)
		}
	}
}

func TestBinomialTails(t *testing.T) {
	// P(X ≥ 2) for Bin(10, 0.1) = 1 − 0.9^10 − 10·0.1·0.9^9.
	want := 1 - math.Pow(0.9, 10) - math.Pow(0.9, 9)
	if got := BinomialUpper(2, 10, 0.1); math.Abs(got-want) > 1e-12 {
		t.Errorf("BinomialUpper(2, 10, 0.1) = %g, want %g", got, want)
	}
	ps := make([]float64, 10)
	for i := range ps {
		ps[i] = 0.1
	}
	for k := 0; k <= 11; k++ {
		if a, b := PoissonBinomialUpper(k, ps), BinomialUpper(k, 10, 0.1); math.Abs(a-b) > 1e-12 {
			t.Errorf("k=%d: Poisson binomial %g, binomial %g", k, a, b)
		}
	}
	if got := PoissonBinomialUpper(2, []float64{0.5, 0.25}); math.Abs(got-0.125) > 1e-15 {
		t.Errorf("two trials: %g, want 0.125", got)
	}
}

// deals returns rounds of seats' values drawn by draw.
func deals(rounds, seats int, draw func(r, s int) int) []Deal {
	out := make([]Deal, rounds)
	for r := range out {
		out[r] = Deal{}
		for s := range seats {
			out[r][s] = draw(r+1, s)
		}
	}
	return out
}

// TestValuesFalseAlarms: on the values umpire's own generator deals (2,000
// matches of 30 rounds at 8 seats, the sample conform takes), no test
// rejects at Alpha, and each rejects at 1 % in about 1 % of matches or
// less (the discrete tests are conservative): the p-values are honest.
func TestValuesFalseAlarms(t *testing.T) {
	const matches = 2000
	at1 := make([]int, 3)
	for m := range matches {
		c := inf.Seeded(fmt.Sprintf("fair/%d", m))
		for i, tc := range Values(deals(30, 8, c.Value), 1, 100) {
			if !tc.Ran {
				t.Fatalf("%s did not run: %s", tc.Name, tc.Why)
			}
			if tc.Failed() {
				t.Errorf("match %d: %s rejects a correct deal: p %g (%s)", m, tc.Name, tc.P, tc.Observed)
			}
			if tc.P < 0.01 {
				at1[i]++
			}
		}
	}
	for i, n := range at1 {
		t.Logf("test %d: %d of %d matches at p < 0.01", i, n, matches)
		if n > 40 { // 1 % of 2,000 is 20; 40 is over four standard deviations above
			t.Errorf("test %d rejects %d of %d correct matches at 1 %%", i, n, matches)
		}
	}
}

// TestValuesCatchBiases: each bias a server could have is caught at Alpha
// by the test written for it, from one sample of the size conform takes;
// the log says the smallest range shortening the uniformity test catches
// nine times in ten.
func TestValuesCatchBiases(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		test int
		draw func(r, s int) int
	}{
		{"values of 1–60 only", 0, func(int, int) int { return 1 + rng.IntN(60) }},
		{"the low half three times as likely", 0, func(int, int) int {
			if rng.IntN(4) < 3 {
				return 1 + rng.IntN(50)
			}
			return 51 + rng.IntN(50)
		}},
		{"every seat the same value", 1, nil},
		{"a seat keeps its value", 2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ds []Deal
			switch tc.name {
			case "every seat the same value":
				ds = deals(30, 8, func(r, s int) int { return 1 + (r*37)%100 })
			case "a seat keeps its value":
				ds = deals(30, 8, func(r, s int) int { return 1 + (s*13)%100 })
			default:
				ds = deals(30, 8, tc.draw)
			}
			got := Values(ds, 1, 100)[tc.test]
			if !got.Failed() {
				t.Errorf("%s not caught: p %g (%s)", got.Name, got.P, got.Observed)
			}
		})
	}
	for _, k := range []int{90, 80, 75, 70} {
		caught := 0
		for range 200 {
			if Values(deals(30, 8, func(int, int) int { return 1 + rng.IntN(k) }), 1, 100)[0].Failed() {
				caught++
			}
		}
		t.Logf("values of 1–%d only: caught in %d of 200 samples of 240 values", k, caught)
		if k == 70 && caught < 180 {
			t.Errorf("values of 1–70 caught in only %d of 200 samples", caught)
		}
	}
}

// TestValuesTooFew: with too few samples a test does not run and says why.
func TestValuesTooFew(t *testing.T) {
	for _, tc := range Values(deals(3, 3, func(r, s int) int { return r + s }), 1, 100) {
		if tc.Ran || tc.Why == "" || tc.Failed() {
			t.Errorf("%s on 9 values: ran %v, why %q", tc.Name, tc.Ran, tc.Why)
		}
	}
}
