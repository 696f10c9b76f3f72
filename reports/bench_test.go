package reports

import (
	"io"
	"math/rand/v2"
	"testing"
	"time"
)

func benchReport(b *testing.B) *Report {
	return sampleReport(b, sampleOptions{seeds: sampleSeeds(200)})
}

func BenchmarkWriteJSON(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		if err := WriteJSON(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteJUnit(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		if err := WriteJUnit(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteMarkdown(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		if err := WriteMarkdown(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteHTML(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		if err := WriteHTML(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStatsOf(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		_ = StatsOf(r.Matches)
	}
}

func BenchmarkLatencyOf(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ds := make([]time.Duration, 100000)
	for i := range ds {
		ds[i] = time.Duration(rng.ExpFloat64() * float64(30*time.Millisecond))
	}
	for b.Loop() {
		_ = LatencyOf(ds)
	}
}

func BenchmarkCoverage(b *testing.B) {
	r := benchReport(b)
	for b.Loop() {
		_ = r.Coverage()
	}
}
