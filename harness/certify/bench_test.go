package certify

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
)

// BenchmarkLoad plays N matches at once, each with a trivial agent
// (testdata/trivial: calls every Inference turn, takes the first legal
// BangArena item) in one seat and scripted adversaries in the others, on
// the embedded server, with certify's default table (6 seats, 40 Inference
// rounds). It reports:
//
//   - decisions/s: the agent's answers per second of the whole run (process
//     starts and ends included);
//
//   - echo-roundtrips/s: a bare round trip through the same adapter to N
//     `cat` processes echoing the same request line (a real your_turn or
//     DecisionRequest of such a match), measured just before in the same run;
//
//   - ratio: decisions/s ÷ echo-roundtrips/s;
//
//   - harness-misses: answers umpire received in time that the server
//     judged late (want 0), and not-ok-matches: matches whose termination
//     was not ok (want 0);
//
//   - decisions/match: the agent's answers per match;
//
//   - umpire-µs/decision and agent-µs/decision: CPU time (user+system) of
//     the umpire process and of the agent processes per decision.
//
//     go test -run '^$' -bench Load -benchtime 1x ./harness/certify/
//
// CERTIFY_LOAD_N lists the concurrency levels (default 1,16,64,256),
// CERTIFY_LOAD_WAVES how many matches each level plays per concurrent slot
// (default 4), CERTIFY_LOAD_SEATS the table size (default 6),
// CERTIFY_LOAD_GAMES the games (default inference,bangarena).
func BenchmarkLoad(b *testing.B) {
	levels := envInts(b, "CERTIFY_LOAD_N", []int{1, 16, 64, 256})
	waves := envInts(b, "CERTIFY_LOAD_WAVES", []int{4})[0]
	seats := envInts(b, "CERTIFY_LOAD_SEATS", []int{6})[0]
	games := []string{GameInference, GameBangArena}
	if s := os.Getenv("CERTIFY_LOAD_GAMES"); s != "" {
		games = strings.Split(s, ",")
	}
	trivial := filepath.Join(b.TempDir(), "trivial")
	if out, err := exec.Command("go", "build", "-o", trivial, "./testdata/trivial").CombinedOutput(); err != nil {
		b.Fatalf("building the trivial agent: %v\n%s", err, out)
	}
	for _, game := range games {
		for _, n := range levels {
			b.Run(fmt.Sprintf("game=%s/matches=%d", game, n), func(b *testing.B) {
				cfg := Config{Game: game, Agent: Agent{Command: "exec " + trivial}, Matches: n * waves, Workers: n,
					Seed: "load", Seats: seats, Deadline: 10 * time.Second, ExitGrace: 2 * time.Second, NoInject: true}
				payload := requestLine(b, cfg)
				for range b.N {
					echo := echoRate(b, n, payload, 2*time.Second)
					self, children := cpuNow()
					began := time.Now()
					r, err := Run(context.Background(), cfg)
					if err != nil {
						b.Fatal(err)
					}
					elapsed := time.Since(began)
					self2, children2 := cpuNow()
					decisions, bad, misses := 0, 0, 0
					for _, m := range r.Matches {
						decisions += len(m.Latencies)
						if m.Termination != "ok" {
							bad++
						}
					}
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
					b.ReportMetric(float64(decisions)/float64(len(r.Matches)), "decisions/match")
					b.ReportMetric(float64((self2-self).Microseconds())/float64(decisions), "umpire-µs/decision")
					b.ReportMetric(float64((children2-children).Microseconds())/float64(decisions), "agent-µs/decision")
				}
			})
		}
	}
}

// envInts reads a comma-separated list of positive integers from the
// environment, def when unset.
func envInts(b *testing.B, name string, def []int) []int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			b.Fatalf("%s: %q is not a positive integer", name, f)
		}
		out = append(out, n)
	}
	return out
}

// cpuNow returns the CPU time used so far by this process and by its
// reaped children.
func cpuNow() (self, children time.Duration) {
	var s, c syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &s)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c)
	cpu := func(u syscall.Rusage) time.Duration {
		return time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	return cpu(s), cpu(c)
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
				if _, err := p.Ask(context.Background(), agent.Verbatim(msg), 10*time.Second); err != nil {
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

// requestLine returns the last request the agent got in the first match of
// cfg (a your_turn or a DecisionRequest late in the match, so of about the
// largest size): the payload of the echo baseline.
func requestLine(b *testing.B, cfg Config) []byte {
	b.Helper()
	cfg.Matches = 1
	res, err := Replay(context.Background(), cfg, 0)
	if err != nil {
		b.Fatal(err)
	}
	var last []byte
	for _, m := range res.Transcript {
		if m.Dir == "sent" && (bytes.Contains(m.Body, []byte(`"your_turn"`)) || bytes.Contains(m.Body, []byte(`"legalActions":[{`))) {
			last = m.Body
		}
	}
	if last == nil {
		b.Fatal("no request in the transcript")
	}
	return last
}
