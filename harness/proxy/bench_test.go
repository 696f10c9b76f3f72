package proxy_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// BenchmarkRelay plays whole matches with in-process clients in every
// seat, straight against the embedded server (direct) and through the
// relay (relay), 1, 16 and 64 matches at once. Each iteration plays one
// round of each, in alternating order, against the same server, so that
// both see the same load (the machine may be shared). It reports the
// decisions per second of each and their ratio, the round-trip latency per
// message of each (p50, p99: an HTTP exchange, or a move until the next
// message of the seat: proxytest.Game.Seat) and what the relay adds to it, and
// the process's CPU time per decision of each and their ratio (cpu-ratio:
// direct ÷ relay, the relay's including its judges until they are done).
//
//	go test -run '^$' -bench 'BenchmarkRelay/inference/matches=(1|16|64)$' -benchtime=1x ./harness/proxy/
func BenchmarkRelay(b *testing.B) {
	for _, g := range games(b) {
		for _, n := range []int{1, 16, 64} {
			b.Run(fmt.Sprintf("%s/matches=%d", g.Name, n), func(b *testing.B) {
				benchRelay(b, g, n)
			})
		}
	}
}

// benchRound is what one mode of the benchmark measured.
type benchRound struct {
	decisions int
	elapsed   time.Duration
	lat       []time.Duration
	cpu       time.Duration // of the whole process: server, clients, relay and judges
}

func (r *benchRound) pct(p float64) float64 {
	if len(r.lat) == 0 {
		return 0
	}
	return float64(r.lat[int(p*float64(len(r.lat)-1))].Microseconds()) / 1000
}

func benchRelay(b *testing.B, g proxytest.Game, n int) {
	r := proxytest.New(b, g)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	var modes [2]benchRound // direct, relay
	relayed := 0
	var lag time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range 2 {
			mode := (i + k) % 2
			base := r.Server.URL
			if mode == 1 {
				base = r.Front.URL
			}
			cpu0 := processCPU()
			benchPlay(ctx, b, r, client, base, fmt.Sprintf("bench-%d-%d", i, mode), n, &modes[mode])
			if mode == 1 {
				// What the judges still have queued is judged before
				// the next round, outside both rounds' times (it would
				// otherwise slow the direct round).
				relayed += n
				t0 := time.Now()
				if err := r.Relay.WaitEnded(ctx, relayed); err != nil {
					b.Fatal(err)
				}
				lag += time.Since(t0)
			}
			modes[mode].cpu += processCPU() - cpu0
		}
	}
	b.StopTimer()
	// How long the judges took, after the agents were done, to finish
	// judging a round (the judges are paced: see Options.JudgeShare).
	b.ReportMetric(float64(lag.Milliseconds())/float64(b.N), "judge-lag-ms")
	judged, unjudged := r.Relay.Coverage()
	if judged+unjudged > 0 {
		b.ReportMetric(100*float64(judged)/float64(judged+unjudged), "judged-%")
	}
	for k := range modes {
		slices.Sort(modes[k].lat)
	}
	rate := func(m benchRound) float64 { return float64(m.decisions) / m.elapsed.Seconds() }
	b.ReportMetric(rate(modes[0]), "direct-dec/s")
	b.ReportMetric(rate(modes[1]), "relay-dec/s")
	b.ReportMetric(rate(modes[1])/rate(modes[0]), "ratio")
	// The same comparison in CPU time (the relay's rounds counted until
	// their judges are done): what the ratio tends to on a machine the
	// run saturates, and steadier than it on a shared one.
	perDec := func(m benchRound) float64 { return float64(m.cpu.Microseconds()) / float64(m.decisions) }
	b.ReportMetric(perDec(modes[0]), "direct-cpu-µs/dec")
	b.ReportMetric(perDec(modes[1]), "relay-cpu-µs/dec")
	b.ReportMetric(perDec(modes[0])/perDec(modes[1]), "cpu-ratio")
	reportLatency(b, modes)
}

// reportLatency reports the latency percentiles of the direct and relayed
// rounds (their lat sorted) and what the relay adds to them.
func reportLatency(b *testing.B, modes [2]benchRound) {
	b.ReportMetric(modes[0].pct(0.5), "direct-p50-ms")
	b.ReportMetric(modes[0].pct(0.99), "direct-p99-ms")
	b.ReportMetric(modes[1].pct(0.5), "relay-p50-ms")
	b.ReportMetric(modes[1].pct(0.99), "relay-p99-ms")
	b.ReportMetric(modes[1].pct(0.5)-modes[0].pct(0.5), "added-p50-ms")
	b.ReportMetric(modes[1].pct(0.99)-modes[0].pct(0.99), "added-p99-ms")
}

// processCPU is the CPU time (user and system) this process used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// benchPlay plays n long matches at once against base, with the game's
// in-process seat in every seat, and adds what it measured to out.
func benchPlay(ctx context.Context, b *testing.B, r *rig, client *http.Client, base, seedPrefix string, n int, out *benchRound) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	g := r.Game
	all := make([]int, g.Seats)
	for s := range all {
		all[s] = s
	}
	var matches []created
	for k := range n {
		c, err := g.Create(ctx, client, r.Server.URL, proxytest.Spec{Seed: fmt.Sprintf("%s-%d", seedPrefix, k), Seats: g.Seats, Agents: all, DeadlineMS: 5000, Long: true})
		if err != nil {
			b.Fatal(err)
		}
		matches = append(matches, c)
	}
	t0 := time.Now()
	for k, c := range matches {
		seed := fmt.Sprintf("%s-%d", seedPrefix, k)
		for seat := range c.Tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, l, err := g.Seat(ctx, client, base, c, seat, seed)
				if err != nil {
					b.Error(err)
				}
				mu.Lock()
				out.decisions += d
				out.lat = append(out.lat, l...)
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	out.elapsed += time.Since(t0)
}
