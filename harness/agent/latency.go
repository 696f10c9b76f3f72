package agent

import (
	"slices"
	"time"
)

// Latencies collects the Reply.Latency of answered requests, for the
// percentiles of a report.
type Latencies []time.Duration

// Percentile returns the p-th percentile (0 < p ≤ 100) by the nearest-rank
// method: the smallest latency with at least p% of them at or below it.
// It is 0 when there are none.
func (l Latencies) Percentile(p float64) time.Duration {
	if len(l) == 0 || p <= 0 {
		return 0
	}
	s := slices.Clone(l)
	slices.Sort(s)
	rank := int(p / 100 * float64(len(s)))
	if float64(rank) < p/100*float64(len(s)) {
		rank++ // ceil
	}
	return s[min(max(rank, 1), len(s))-1]
}
