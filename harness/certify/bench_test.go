package certify

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
)

// BenchmarkLoad plays N matches at once, each with a trivial agent
// (testdata/trivial: checks or folds every Inference turn, takes the first
// legal BangArena item) in one seat and scripted adversaries in the
// others, on the embedded server, with certify's default table (6 seats, 40
// Inference rounds). Three transports: transport=stdio runs one agent
// process per match speaking JSON Lines on its stdin/stdout (`--agent`);
// transport=stdio-keep the same with one process per worker kept across
// matches (`--agent --agent-keep`); transport=http serves the agent from one
// process over loopback HTTP, each request POSTed (`--agent-url`). It
// reports:
//
//   - decisions/s: the agent's answers per second of the whole run (process
//     starts and ends included);
//
//   - echo-roundtrips/s: bare round trips through the same adapter and
//     transport — N `cat` processes (stdio, stdio-keep) or an HTTP endpoint answering
//     each POST with its body (http) — sending the same request line (the
//     last your_turn or DecisionRequest of a match of this kind), measured
//     just before in the same run with N concurrent streams;
//
//   - ratio: decisions/s ÷ echo-roundtrips/s;
//
//   - ack-roundtrips/s and ratio-ack: the same with an answer as small as a
//     decision's (the trivial agent's -ack mode answers {} to every
//     request), the like-for-like comparison: an echo also carries the
//     request back and has umpire read it;
//
//   - harness-misses: answers umpire received in time that the server
//     judged late (want 0), and not-ok-matches: matches whose termination
//     was not ok (want 0);
//
//   - decisions/match: the agent's answers per match;
//
//   - umpire-µs/decision and agent-µs/decision: CPU time (user+system) of
//     the umpire process and of the agent processes per decision, and
//     agent-ms/match the agents' per match (over stdio mostly the start and
//     exit of one process: the part of a decision's cost that no harness
//     can remove when the contract starts the agent once per match).
//
//     go test -run '^$' -bench Load -benchtime 1x ./harness/certify/
//
// CERTIFY_LOAD_N lists the concurrency levels (default 1,16,64,256),
// CERTIFY_LOAD_WAVES how many matches each level plays per concurrent slot
// (default 4), CERTIFY_LOAD_SEATS the table size (default 6),
// CERTIFY_LOAD_GAMES the games (default inference,bangarena) and
// CERTIFY_LOAD_TRANSPORTS the transports (default stdio,stdio-keep,http).
func BenchmarkLoad(b *testing.B) {
	defer TuneGC()() // as the certify command runs
	levels := envInts(b, "CERTIFY_LOAD_N", []int{1, 16, 64, 256})
	waves := envInts(b, "CERTIFY_LOAD_WAVES", []int{4})[0]
	seats := envInts(b, "CERTIFY_LOAD_SEATS", []int{6})[0]
	games := envList("CERTIFY_LOAD_GAMES", GameInference, GameBangArena)
	transports := envList("CERTIFY_LOAD_TRANSPORTS", "stdio", "stdio-keep", "http")
	dir := b.TempDir()
	trivial, trivialHTTP := filepath.Join(dir, "trivial"), filepath.Join(dir, "trivial-http")
	for out, tags := range map[string]string{trivial: "", trivialHTTP: "http"} {
		if msg, err := exec.Command("go", "build", "-tags", tags, "-o", out, "./testdata/trivial").CombinedOutput(); err != nil {
			b.Fatalf("building the trivial agent: %v\n%s", err, msg)
		}
	}
	for _, game := range games {
		for _, transport := range transports {
			for _, n := range levels {
				b.Run(fmt.Sprintf("game=%s/transport=%s/matches=%d", game, transport, n), func(b *testing.B) {
					cfg := Config{Game: game, Matches: n * waves, Workers: n, Seed: "load", Seats: seats,
						Deadline: 10 * time.Second, ExitGrace: 2 * time.Second, NoInject: true}
					var agentPID int
					switch transport {
					case "stdio":
						cfg.Agent = Agent{Command: "exec " + trivial}
					case "stdio-keep":
						cfg.Agent, cfg.Keep = Agent{Command: "exec " + trivial}, true
					case "http":
						cfg.Agent.URL, agentPID = serveTrivial(b, trivialHTTP)
					default:
						b.Fatalf("unknown transport %q", transport)
					}
					payload := requestLine(b, cfg)
					for range b.N {
						var echo, ack float64
						if transport != "http" {
							echo = echoRate(b, n, payload, 2*time.Second, func() agent.Asker { return startAgent(b, "exec cat") })
							ack = echoRate(b, n, payload, 2*time.Second, func() agent.Asker { return startAgent(b, trivial+" -ack") })
						} else {
							echoURL, _ := serveTrivial(b, trivialHTTP, "-echo")
							ackURL, _ := serveTrivial(b, trivialHTTP, "-ack")
							echo = echoRate(b, n, payload, 2*time.Second, func() agent.Asker { return newHTTP(b, echoURL) })
							ack = echoRate(b, n, payload, 2*time.Second, func() agent.Asker { return newHTTP(b, ackURL) })
						}
						self, children := cpuNow()
						server := procCPU(agentPID)
						began := time.Now()
						r, err := Run(context.Background(), cfg)
						if err != nil {
							b.Fatal(err)
						}
						elapsed := time.Since(began)
						self2, children2 := cpuNow()
						agentCPU := children2 - children + procCPU(agentPID) - server
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
						b.ReportMetric(ack, "ack-roundtrips/s")
						b.ReportMetric(rate/ack, "ratio-ack")
						b.ReportMetric(float64(misses), "harness-misses")
						b.ReportMetric(float64(bad), "not-ok-matches")
						b.ReportMetric(float64(decisions)/float64(len(r.Matches)), "decisions/match")
						b.ReportMetric(float64((self2-self).Microseconds())/float64(decisions), "umpire-µs/decision")
						b.ReportMetric(float64(agentCPU.Microseconds())/float64(decisions), "agent-µs/decision")
						b.ReportMetric(float64(agentCPU.Microseconds())/1000/float64(len(r.Matches)), "agent-ms/match")
					}
				})
			}
		}
	}
}

// serveTrivial starts the HTTP build of the trivial agent on loopback
// (with extra flags, e.g. -echo), stopped when b ends, and returns its URL
// and process id.
func serveTrivial(b *testing.B, trivialHTTP string, flags ...string) (string, int) {
	b.Helper()
	cmd := exec.Command(trivialHTTP, flags...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		b.Fatalf("the trivial HTTP agent did not start: %v", err)
	}
	return strings.TrimSpace(url), cmd.Process.Pid
}

// procCPU returns the CPU time (user+system) process pid has used so far,
// 0 for pid 0.
func procCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name (which ends with the last ')'):
	// state is field 3, utime 14 and stime 15.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
}

// envList reads a comma-separated list from the environment, def when unset.
func envList(name string, def ...string) []string {
	if s := os.Getenv(name); s != "" {
		return strings.Split(s, ",")
	}
	return def
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

// echoRate measures round trips per second through n concurrent askers
// made by open for about d, with the adapter the matches use.
func echoRate(b *testing.B, n int, msg []byte, d time.Duration, open func() agent.Asker) float64 {
	b.Helper()
	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	// Open every asker and have it answer once (a program has started
	// when it answers), then measure the round trips alone.
	askers := make([]agent.Asker, n)
	for i := range askers {
		askers[i] = open()
	}
	for _, a := range askers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := a.Ask(context.Background(), agent.Verbatim(msg), time.Minute); err != nil {
				b.Error(err)
			}
		}()
	}
	wg.Wait()
	began := time.Now()
	for _, a := range askers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := 0
			for time.Since(began) < d {
				if _, err := a.Ask(context.Background(), agent.Verbatim(msg), 10*time.Second); err != nil {
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
	for _, a := range askers {
		switch a := a.(type) {
		case *agent.Process:
			a.Close(time.Second)
		case *agent.HTTPAgent:
			a.Close()
		}
	}
	return rate
}

// startAgent starts a JSON Lines agent.
func startAgent(b *testing.B, command string) agent.Asker {
	p, err := agent.Start(context.Background(), agent.Spec{Command: command})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// newHTTP returns an HTTP asker of url.
func newHTTP(b *testing.B, url string) agent.Asker {
	h, err := agent.NewHTTP(agent.HTTPSpec{URL: url})
	if err != nil {
		b.Fatal(err)
	}
	return h
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

// BenchmarkKeepRun plays certify runs with the trivial agent kept across
// matches (`--agent-keep`), nothing else in the timed part: no echo
// baseline, so that a CPU or memory profile shows umpire's own cost per
// decision (the embedded server, the referee, the drivers, the judge and
// the adapter). Each iteration is one run of CERTIFY_LOAD_N[0] workers
// (default 16) × CERTIFY_LOAD_WAVES matches (default 4). It reports
// umpire-µs/decision (CPU of this process), allocs/decision and
// B/decision (heap allocations of the run).
//
//	go test -run '^$' -bench KeepRun -benchtime 5x -cpuprofile cpu.out ./harness/certify/
func BenchmarkKeepRun(b *testing.B) {
	defer TuneGC()() // as the certify command runs
	n := envInts(b, "CERTIFY_LOAD_N", []int{16})[0]
	waves := envInts(b, "CERTIFY_LOAD_WAVES", []int{4})[0]
	seats := envInts(b, "CERTIFY_LOAD_SEATS", []int{6})[0]
	trivial := filepath.Join(b.TempDir(), "trivial")
	if msg, err := exec.Command("go", "build", "-o", trivial, "./testdata/trivial").CombinedOutput(); err != nil {
		b.Fatalf("building the trivial agent: %v\n%s", err, msg)
	}
	for _, game := range envList("CERTIFY_LOAD_GAMES", GameInference, GameBangArena) {
		b.Run("game="+game, func(b *testing.B) {
			cfg := Config{Game: game, Matches: n * waves, Workers: n, Seed: "load", Seats: seats,
				Deadline: 10 * time.Second, ExitGrace: 2 * time.Second, NoInject: true,
				Agent: Agent{Command: "exec " + trivial}, Keep: true}
			var (
				decisions       int
				cpu             time.Duration
				before, after   runtime.MemStats
				allocs, byteSum uint64
			)
			b.ResetTimer()
			for range b.N {
				runtime.ReadMemStats(&before)
				self, _ := cpuNow()
				r, err := Run(context.Background(), cfg)
				if err != nil {
					b.Fatal(err)
				}
				self2, _ := cpuNow()
				runtime.ReadMemStats(&after)
				cpu += self2 - self
				allocs += after.Mallocs - before.Mallocs
				byteSum += after.TotalAlloc - before.TotalAlloc
				for _, m := range r.Matches {
					decisions += len(m.Latencies)
					if m.Termination != "ok" {
						b.Fatalf("match %s ended %s", m.Seed, m.Termination)
					}
				}
			}
			b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
			b.ReportMetric(float64(cpu.Microseconds())/float64(decisions), "umpire-µs/decision")
			b.ReportMetric(float64(allocs)/float64(decisions), "allocs/decision")
			b.ReportMetric(float64(byteSum)/float64(decisions), "B/decision")
		})
	}
}
