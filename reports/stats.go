package reports

import (
	"math"
	"slices"
	"strings"
	"time"
)

// Z95 is the two-sided 95 % quantile of the standard normal distribution.
const Z95 = 1.959963984540054

// Interval is an estimate with a 95 % confidence interval [Lo, Hi] from N
// observations.
type Interval struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	N     int     `json:"n"`
}

// Wilson returns the proportion successes/n with its 95 % Wilson score
// interval. With n = 0 it returns {0, 0, 1}: no information.
func Wilson(successes, n int) Interval {
	if n <= 0 {
		return Interval{Value: 0, Lo: 0, Hi: 1, N: 0}
	}
	successes = min(max(successes, 0), n)
	p := float64(successes) / float64(n)
	z2 := Z95 * Z95
	nf := float64(n)
	den := 1 + z2/nf
	centre := (p + z2/float64(2*nf)) / den
	// Explicit conversions round each product, so no platform fuses them
	// into FMA and results are identical everywhere.
	half := Z95 * math.Sqrt(float64(p*(1-p))/nf+z2/float64(4*nf*nf)) / den
	return Interval{Value: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half), N: n}
}

// tTable holds the two-sided 95 % quantiles of Student's t for 1…30 degrees
// of freedom.
var tTable = [...]float64{
	12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
	2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
	2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
}

// T95 returns the two-sided 95 % quantile of Student's t with df degrees of
// freedom: from a table up to 30, from the Cornish–Fisher expansion above
// (error below 1e-4).
func T95(df int) float64 {
	if df < 1 {
		return math.Inf(1)
	}
	if df <= len(tTable) {
		return tTable[df-1]
	}
	z, d := Z95, float64(df)
	z3, z5, z7 := z*z*z, math.Pow(z, 5), math.Pow(z, 7)
	return z + (z3+z)/(4*d) + (5*z5+16*z3+3*z)/(96*d*d) + (3*z7+19*z5+17*z3-15*z)/(384*d*d*d)
}

// MeanCI returns the mean of xs with a 95 % confidence interval from
// Student's t (sample standard deviation). With fewer than two values the
// interval collapses onto the mean (there is no spread to estimate).
func MeanCI(xs []float64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	if n < 2 {
		return Interval{Value: mean, Lo: mean, Hi: mean, N: n}
	}
	var ss float64
	for _, x := range xs {
		ss += float64((x - mean) * (x - mean))
	}
	sd := math.Sqrt(ss / float64(n-1))
	half := float64(T95(n-1)*sd) / math.Sqrt(float64(n))
	return Interval{Value: mean, Lo: mean - half, Hi: mean + half, N: n}
}

// Percentile returns the p-th percentile (0 ≤ p ≤ 100) of xs by linear
// interpolation between closest ranks (the "type 7" rule of R and NumPy's
// default). It returns 0 for an empty slice and does not modify xs.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return percentileSorted(s, p)
}

func percentileSorted(s []float64, p float64) float64 {
	return percentileAt(len(s), func(i int) float64 { return s[i] }, p)
}

// percentileAt is percentileSorted of the n sorted values at(0..n-1).
func percentileAt(n int, at func(int) float64, p float64) float64 {
	p = math.Min(math.Max(p, 0), 100)
	h := float64(p / 100 * float64(n-1))
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return at(n - 1)
	}
	return at(lo) + float64((h-float64(lo))*(at(lo+1)-at(lo)))
}

// Histogram counts values into buckets bounded by Edges: bucket 0 holds
// values below Edges[0], bucket i holds [Edges[i-1], Edges[i]), and the last
// bucket (len(Edges)) holds values at or above the last edge.
type Histogram struct {
	Edges  []float64 `json:"edges"`
	Counts []int     `json:"counts"`
}

// NewHistogram counts xs into buckets bounded by the ascending edges.
func NewHistogram(xs []float64, edges []float64) Histogram {
	h := Histogram{Edges: slices.Clone(edges), Counts: make([]int, len(edges)+1)}
	for _, x := range xs {
		h.add(x)
	}
	return h
}

// add counts x into its bucket.
func (h *Histogram) add(x float64) {
	i, found := slices.BinarySearch(h.Edges, x)
	if found {
		i++
	}
	h.Counts[i]++
}

// LatencyEdgesMS returns the bucket edges, in milliseconds, of latency
// histograms: fixed, so histograms of shards add up. The slice is new on
// every call.
func LatencyEdgesMS() []float64 {
	return []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000}
}

// Latency summarises response times.
type Latency struct {
	Count int           `json:"count"`
	P50   time.Duration `json:"p50_ns"`
	P95   time.Duration `json:"p95_ns"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
	// Histogram buckets latencies in milliseconds by LatencyEdgesMS().
	Histogram Histogram `json:"histogram_ms"`
}

// LatencyOf summarises ds.
func LatencyOf(ds []time.Duration) Latency {
	return latencyOfOwned(slices.Clone(ds))
}

// latencyOfOwned is LatencyOf sorting ds in place: the statistics of a
// report hold one copy of its latencies, not three (a report's matches may
// carry hundreds of megabytes of them). Sorting the durations sorts their
// float64 values too (the conversion never reverses an order), so the
// figures are those of sorting the floats.
func latencyOfOwned(ds []time.Duration) Latency {
	slices.Sort(ds)
	h := Histogram{Edges: LatencyEdgesMS(), Counts: make([]int, len(LatencyEdgesMS())+1)}
	for _, d := range ds {
		h.add(float64(d) / float64(time.Millisecond))
	}
	l := Latency{Count: len(ds), Histogram: h}
	if n := len(ds); n > 0 {
		at := func(i int) float64 { return float64(ds[i]) }
		l.P50 = time.Duration(math.Round(percentileAt(n, at, 50)))
		l.P95 = time.Duration(math.Round(percentileAt(n, at, 95)))
		l.P99 = time.Duration(math.Round(percentileAt(n, at, 99)))
		l.Max = time.Duration(float64(ds[n-1]))
	}
	return l
}

// AllAdversaries is the Adversary of the per-agent row that pools every
// adversary type.
const AllAdversaries = "all"

// AgentStats are the certification statistics of one agent against one
// adversary type (or AllAdversaries).
type AgentStats struct {
	Agent     string `json:"agent"`
	Adversary string `json:"adversary"`
	Matches   int    `json:"matches"`
	Wins      int    `json:"wins"`
	// WinRate is wins over the matches umpire finished (its own failures,
	// interrupted matches among them, are no sample of the agent), with its
	// Wilson interval.
	WinRate Interval `json:"win_rate"`
	// MeanRank and MeanScore carry Student-t intervals.
	MeanRank  Interval `json:"mean_rank"`
	MeanScore Interval `json:"mean_score"`
	Latency   Latency  `json:"latency"`
	// Terminations counts matches per termination kind (every kind present,
	// zeros included).
	Terminations map[Termination]int `json:"terminations"`
}

// Stats computes certification statistics from the report's matches: one
// row per (agent, adversary type), sorted, and for an agent that met more
// than one type a pooled row with Adversary AllAdversaries after its rows.
func (r *Report) Stats() []AgentStats { return StatsOf(r.Matches) }

// StatsOf computes certification statistics from raw matches; see
// Report.Stats.
func StatsOf(matches []Match) []AgentStats {
	type key struct{ agent, adv string }
	groups := map[key][]Match{}
	for _, m := range matches {
		groups[key{m.Agent, m.Adversary}] = append(groups[key{m.Agent, m.Adversary}], m)
	}
	keys := make([]key, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := strings.Compare(a.agent, b.agent); c != 0 {
			return c
		}
		return strings.Compare(a.adv, b.adv)
	})
	var out []AgentStats
	for i, k := range keys {
		out = append(out, statsOf(k.agent, k.adv, groups[k]))
		last := i == len(keys)-1 || keys[i+1].agent != k.agent
		if last {
			var pooled []Match
			types := 0
			for _, k2 := range keys {
				if k2.agent == k.agent {
					pooled = append(pooled, groups[k2]...)
					types++
				}
			}
			if types > 1 {
				out = append(out, statsOf(k.agent, AllAdversaries, pooled))
			}
		}
	}
	return out
}

func statsOf(agent, adv string, ms []Match) AgentStats {
	s := AgentStats{Agent: agent, Adversary: adv, Matches: len(ms), Terminations: map[Termination]int{}}
	for _, t := range Terminations() {
		s.Terminations[t] = 0
	}
	seats := 1
	ranks := make([]float64, 0, len(ms))
	scores := make([]float64, 0, len(ms))
	// One copy of the latencies, at its final length, sorted in place.
	nl := 0
	for _, m := range ms {
		nl += len(m.Latencies)
	}
	lat := make([]time.Duration, 0, nl)
	judged := 0 // matches umpire finished: its own failures are no sample of the agent
	for _, m := range ms {
		if m.Termination != TermHarness {
			judged++
		}
		if m.Won {
			s.Wins++
		}
		if m.Rank > 0 {
			// Rank 0 is a match that ended without a ranking (interrupted,
			// out of budget): it has no place to average.
			ranks = append(ranks, float64(m.Rank))
			scores = append(scores, m.Score)
		}
		seats = max(seats, m.Seats, m.Rank)
		lat = append(lat, m.Latencies...)
		s.Terminations[m.Termination]++
	}
	s.WinRate = Wilson(s.Wins, judged)
	// A rank lies in 1..seats; the t interval is clamped to that range.
	s.MeanRank = MeanCI(ranks)
	if s.MeanRank.N > 0 {
		s.MeanRank.Lo = math.Max(s.MeanRank.Lo, 1)
		s.MeanRank.Hi = math.Min(s.MeanRank.Hi, float64(seats))
	}
	// Credits and glory are never negative: neither is the interval.
	s.MeanScore = MeanCI(scores)
	s.MeanScore.Lo = math.Max(s.MeanScore.Lo, 0)
	s.Latency = latencyOfOwned(lat)
	return s
}
