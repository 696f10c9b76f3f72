package verify

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// benchLog is a long full log: 6 seats, 600 rounds, deep stacks.
func benchLog(b *testing.B) []byte {
	b.Helper()
	cfg := ref.DefaultConfig()
	cfg.Rounds = 600
	cfg.StartingCredits = 5000
	log, _ := gen{cfg: cfg, seed: "bench", timeoutP: 0.03, flaky: 1, flakyP: 0.3, msgP: 0.2}.play(b)
	return log
}

// rawScan is the baseline: read every line, check it is valid JSON and
// read its type with gjson.
func rawScan(r io.Reader) (lines int, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			lines++
			if !gjson.ValidBytes(line) || gjson.GetBytes(line, "type").Str == "" {
				return lines, fmt.Errorf("line %d", lines)
			}
		}
		if errors.Is(err, io.EOF) {
			return lines, nil
		}
		if err != nil {
			return lines, err
		}
	}
}

func verifyOnce(b *testing.B, log []byte) int {
	sum, err := VerifyReader(context.Background(), bytes.NewReader(log), "bench", func(f rules.Finding) { b.Fatalf("finding: %s", f) })
	if err != nil {
		b.Fatal(err)
	}
	return sum.Lines
}

// BenchmarkVerify times the verifier and the raw gjson scan on the same
// log, in MB/s and lines/s.
func BenchmarkVerify(b *testing.B) {
	log := benchLog(b)
	lines := bytes.Count(log, []byte("\n"))
	b.Run("raw-gjson-scan", func(b *testing.B) {
		b.SetBytes(int64(len(log)))
		for b.Loop() {
			if _, err := rawScan(bytes.NewReader(log)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	})
	b.Run("verify", func(b *testing.B) {
		b.SetBytes(int64(len(log)))
		b.ReportAllocs()
		for b.Loop() {
			verifyOnce(b, log)
		}
		b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	})
}

// BenchmarkVerifyRatio reports verify throughput as a fraction of the raw
// scan's (goal: at least 0.5). Both run in every iteration, one after the
// other, and the fastest pass of each is compared, which keeps the figure
// steady on a busy machine.
func BenchmarkVerifyRatio(b *testing.B) {
	log := benchLog(b)
	raw, ver := time.Duration(1<<62), time.Duration(1<<62)
	for b.Loop() {
		t0 := time.Now()
		if _, err := rawScan(bytes.NewReader(log)); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		verifyOnce(b, log)
		raw = min(raw, t1.Sub(t0))
		ver = min(ver, time.Since(t1))
	}
	mb := float64(len(log)) / 1e6
	b.ReportMetric(raw.Seconds()/ver.Seconds(), "ratio")
	b.ReportMetric(mb/raw.Seconds(), "raw-MB/s")
	b.ReportMetric(mb/ver.Seconds(), "verify-MB/s")
}

// BenchmarkSelfPlaySeeds verifies a new self-play log per iteration (more
// seeds than the test suite): every one must verify clean.
func BenchmarkSelfPlaySeeds(b *testing.B) {
	i := 1000
	for b.Loop() {
		g := selfPlayGen(i)
		log, _ := g.play(b)
		fs, _ := verifyAll(b, log, Options{File: g.seed})
		if len(fs) != 0 {
			b.Fatalf("seed %s:%s", g.seed, describe(fs))
		}
		g.public = true
		log, _ = g.play(b)
		if _, sum := verifyAll(b, log, Options{File: g.seed}); sum.Must != 0 {
			b.Fatalf("public seed %s: %d MUST findings", g.seed, sum.Must)
		}
		i++
	}
}
