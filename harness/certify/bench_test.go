package certify

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
)

// BenchmarkLoad plays N Inference matches at once with a trivial agent (the
// test binary answering the first legal action) and reports agent decisions
// per second over the JSON Lines pipes, against a bare echo round trip
// (`cat`, one process per concurrent stream, echoing a real your_turn line)
// measured in the same run, and
// the deadline misses umpire itself caused (harness-misses; want 0).
//
//	go test -run '^$' -bench Load -benchtime 1x ./harness/certify/
//
// CERTIFY_LOAD_N lists the concurrency levels (default 1,16,64,256).
func BenchmarkLoad(b *testing.B) {
	levels := []int{1, 16, 64, 256}
	if s := os.Getenv("CERTIFY_LOAD_N"); s != "" {
		levels = nil
		for _, f := range strings.Split(s, ",") {
			if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
				levels = append(levels, n)
			}
		}
	}
	for _, n := range levels {
		b.Run(fmt.Sprintf("matches=%d", n), func(b *testing.B) {
			payload := yourTurnLine(b)
			for range b.N {
				echo := echoRate(b, n, payload, 2*time.Second)
				cfg := small(GameInference, fakeCommand("plain"), n)
				cfg.Workers, cfg.Rounds, cfg.Deadline, cfg.NoInject = n, 40, 10*time.Second, true
				began := time.Now()
				r, err := Run(context.Background(), cfg)
				if err != nil {
					b.Fatal(err)
				}
				elapsed := time.Since(began)
				decisions, bad := 0, 0
				for _, m := range r.Matches {
					decisions += len(m.Latencies)
					if m.Termination != "ok" {
						bad++
					}
				}
				misses := 0
				for _, w := range r.Warnings {
					var k int
					if _, err := fmt.Sscanf(w, "%d answers", &k); err == nil {
						misses += k
					}
				}
				rate := float64(decisions) / elapsed.Seconds()
				b.ReportMetric(rate, "decisions/s")
				b.ReportMetric(echo, "echo-roundtrips/s")
				b.ReportMetric(rate/echo, "ratio")
				b.ReportMetric(float64(misses), "harness-misses")
				b.ReportMetric(float64(bad), "not-ok-matches")
			}
		})
	}
}

// echoRate measures round trips per second through n concurrent `cat`
// processes for about d, with the same adapter the matches use.
func echoRate(b *testing.B, n int, msg []byte, d time.Duration) float64 {
	b.Helper()
	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	// Start every process first, then measure the round trips alone.
	procs := make([]*agent.Process, n)
	for i := range procs {
		p, err := agent.Start(context.Background(), agent.Spec{Command: "exec cat"})
		if err != nil {
			b.Fatal(err)
		}
		procs[i] = p
	}
	began := time.Now()
	for _, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := 0
			for time.Since(began) < d {
				if _, err := p.Ask(context.Background(), msg, 10*time.Second); err != nil {
					b.Error(err)
					return
				}
				k++
			}
			mu.Lock()
			total += k
			mu.Unlock()
		}()
	}
	wg.Wait()
	rate := float64(total) / time.Since(began).Seconds()
	for _, p := range procs {
		p.Close(time.Second)
	}
	return rate
}

// yourTurnLine returns a real your_turn line of a short match, the payload
// of the echo baseline.
func yourTurnLine(b *testing.B) []byte {
	b.Helper()
	cfg := small(GameInference, fakeCommand("plain"), 1)
	cfg.NoInject = true
	res, err := Replay(context.Background(), cfg, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range res.Transcript {
		if m.Dir == "sent" && strings.Contains(string(m.Body), `"your_turn"`) {
			return m.Body
		}
	}
	b.Fatal("no your_turn in the transcript")
	return nil
}
