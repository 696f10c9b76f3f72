package fairness

import "math"

// Alpha is the false-alarm rate of every test: a correct server is charged
// in at most one run of a million by each (I-INF-F1).
const Alpha = 1e-6

// ChiSquareUpper returns P(X ≥ x) for X chi-square with df degrees of
// freedom: the regularized upper incomplete gamma function Q(df/2, x/2).
func ChiSquareUpper(x float64, df int) float64 {
	if x <= 0 {
		return 1
	}
	return gammaQ(float64(df)/2, x/2)
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x), by
// its series for x < a+1 and its continued fraction otherwise (Numerical
// Recipes, §6.2).
func gammaQ(a, x float64) float64 {
	if x < a+1 {
		return 1 - gammaPSeries(a, x)
	}
	return gammaQFraction(a, x)
}

func gammaPSeries(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	sum, term := 1/a, 1/a
	for n := 1; n < 1000; n++ {
		term *= x / (a + float64(n))
		sum += term
		if math.Abs(term) < math.Abs(sum)*1e-15 {
			break
		}
	}
	return sum * math.Exp(-x+a*math.Log(x)-lg)
}

func gammaQFraction(a, x float64) float64 {
	const tiny = 1e-300
	lg, _ := math.Lgamma(a)
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return math.Exp(-x+a*math.Log(x)-lg) * h
}

// BinomialUpper returns P(X ≥ k) for X binomial with n trials of
// probability p, summed exactly.
func BinomialUpper(k, n int, p float64) float64 {
	if k <= 0 {
		return 1
	}
	if k > n {
		return 0
	}
	sum := 0.0
	for i := k; i <= n; i++ {
		sum += math.Exp(logChoose(n, i) + float64(i)*math.Log(p) + float64(n-i)*math.Log1p(-p))
	}
	return math.Min(1, sum)
}

// PoissonBinomialUpper returns P(X ≥ k) for X the number of successes of
// independent trials of probabilities ps, by the exact recursion over the
// trials.
func PoissonBinomialUpper(k int, ps []float64) float64 {
	if k <= 0 {
		return 1
	}
	if k > len(ps) {
		return 0
	}
	dist := make([]float64, len(ps)+1)
	dist[0] = 1
	for i, p := range ps {
		for j := i + 1; j >= 1; j-- {
			dist[j] = dist[j]*(1-p) + dist[j-1]*p
		}
		dist[0] *= 1 - p
	}
	sum := 0.0
	for j := k; j < len(dist); j++ {
		sum += dist[j]
	}
	return math.Min(1, sum)
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
