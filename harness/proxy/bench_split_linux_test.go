//go:build linux

package proxy_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// BenchmarkRelaySplit measures the relay as it is deployed: `umpire proxy`
// in a process of its own, on a CPU of its own, between agents and a server
// that do not share it. The benchmark process (the embedded server and the
// in-process clients of BenchmarkRelay) is pinned to every CPU it may use
// but the last; the relay, the umpire binary built for the run, to the last
// one. Each iteration plays one round of n matches straight against the
// server (direct) and one through the relay (relay), in alternating order,
// so that the server and the clients have the same CPUs in both. It reports
// the decisions per second of each and their ratio, the latency per message
// and what the relay adds to it (as BenchmarkRelay), the CPU time per
// decision of the server and clients and of the relay process (its judges
// included, counted until they have judged every match of the round), the
// decisions per second one relay CPU can carry at that cost, and how much of
// the traffic the judges saw (matches fully judged; the relay's default
// --judge-share, or UMPIRE_BENCH_JUDGE_SHARE).
//
// It needs two CPUs and Linux (sched_setaffinity); with one it skips. On a
// machine of two cores, the direct round has one core, as the server has
// when the relay runs on another machine. UMPIRE_BENCH_BINARY names an
// umpire binary to run as the relay instead of building one (to compare two
// builds, or to profile the relay: perf needs its binary).
//
//	go test -run '^$' -bench 'BenchmarkRelaySplit/inference/matches=64$' -benchtime=3x ./harness/proxy/
func BenchmarkRelaySplit(b *testing.B) {
	allowed, err := affinity(0)
	if err != nil {
		b.Skipf("cannot read this process's CPUs: %v", err)
	}
	if len(allowed) < 2 {
		b.Skipf("needs two CPUs (one for the relay, the rest for the server and the clients); this process may use %d", len(allowed))
	}
	umpire := os.Getenv("UMPIRE_BENCH_BINARY")
	if umpire == "" {
		umpire = filepath.Join(b.TempDir(), "umpire")
		if msg, err := exec.Command("go", "build", "-o", umpire, "../../cmd/umpire").CombinedOutput(); err != nil {
			b.Fatalf("building umpire: %v\n%s", err, msg)
		}
	}
	for _, g := range games(b) {
		for _, n := range []int{1, 16, 64} {
			b.Run(fmt.Sprintf("%s/matches=%d", g.Name, n), func(b *testing.B) {
				benchSplit(b, umpire, g, n, allowed)
			})
		}
	}
}

func benchSplit(b *testing.B, umpire string, g proxytest.Game, n int, allowed []int) {
	relayCPUs, restCPUs := allowed[len(allowed)-1:], allowed[:len(allowed)-1]
	srv, err := conform.StartEmbedded(g.Name, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()

	relay := startRelayProcess(b, umpire, g.Name, srv.URL, len(relayCPUs))
	defer relay.stop(b)
	// The relay's threads, then this process's: each pinned thread's later
	// threads inherit its CPUs.
	if err := pinProcess(relay.cmd.Process.Pid, relayCPUs); err != nil {
		b.Skipf("cannot pin the relay to CPU %v: %v", relayCPUs, err)
	}
	restore := pinSelf(b, restCPUs)
	defer restore()

	r := &rig{T: b, Game: g, Server: srv}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	var (
		modes    [2]benchRound // direct, relay
		relayCPU time.Duration // of the relay process, relay rounds until judged
		lag      time.Duration
		relayed  int
	)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range 2 {
			mode := (i + k) % 2
			base := srv.URL
			if mode == 1 {
				base = relay.url
			}
			cpu0, rcpu0 := processCPU(), relay.cpu(b)
			benchPlay(ctx, b, r, client, base, fmt.Sprintf("split-%d-%d", i, mode), n, &modes[mode])
			modes[mode].cpu += processCPU() - cpu0
			if mode == 1 {
				relayed += n
				t0 := time.Now()
				if err := relay.waitEnded(ctx, relayed); err != nil {
					b.Fatal(err)
				}
				lag += time.Since(t0)
				relayCPU += relay.cpu(b) - rcpu0
			}
		}
	}
	b.StopTimer()
	restore()
	checked, full, unjudged := relay.stop(b)

	for k := range modes {
		slices.Sort(modes[k].lat)
	}
	rate := func(m benchRound) float64 { return float64(m.decisions) / m.elapsed.Seconds() }
	perDec := func(d time.Duration, m benchRound) float64 { return float64(d.Microseconds()) / float64(m.decisions) }
	b.ReportMetric(rate(modes[0]), "direct-dec/s")
	b.ReportMetric(rate(modes[1]), "relay-dec/s")
	b.ReportMetric(rate(modes[1])/rate(modes[0]), "ratio")
	b.ReportMetric(perDec(modes[0].cpu, modes[0]), "direct-cpu-µs/dec")
	b.ReportMetric(perDec(modes[1].cpu, modes[1]), "server-clients-cpu-µs/dec")
	proxyPer := perDec(relayCPU, modes[1])
	b.ReportMetric(proxyPer, "proxy-cpu-µs/dec")
	if proxyPer > 0 {
		b.ReportMetric(1e6*float64(len(relayCPUs))/proxyPer, "proxy-capacity-dec/s")
	}
	b.ReportMetric(float64(lag.Milliseconds())/float64(b.N), "judge-lag-ms")
	if checked > 0 { // the WebSocket tunnel's judges (Inference)
		b.ReportMetric(100*float64(full)/float64(checked), "fully-judged-%")
		b.ReportMetric(float64(unjudged), "unjudged-msgs")
	}
	reportLatency(b, modes)
}

// relayProcess is `umpire proxy` started for a benchmark.
type relayProcess struct {
	cmd    *exec.Cmd
	url    string
	report string
	mu     sync.Mutex
	ended  int
	change chan struct{} // closed and replaced at every ended match
	done   chan struct{} // closed when its output ends
	once   sync.Once
}

// endedLine is the relay's progress line for a match it has ended and
// judged.
var endedLine = regexp.MustCompile(`^match .* ended.*: \d+ finding`)

func startRelayProcess(b *testing.B, umpire, game, target string, cpus int) *relayProcess {
	b.Helper()
	rp := &relayProcess{report: filepath.Join(b.TempDir(), "report.json"), change: make(chan struct{}), done: make(chan struct{})}
	args := []string{"proxy", "--game", game, "--target", target, "--listen", "127.0.0.1:0", "--json", rp.report}
	if s := os.Getenv("UMPIRE_BENCH_JUDGE_SHARE"); s != "" {
		args = append(args, "--judge-share", s)
	}
	rp.cmd = exec.Command(umpire, args...)
	rp.cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(cpus))
	out, err := rp.cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	rp.cmd.Stderr = rp.cmd.Stdout
	if err := rp.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		defer close(rp.done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			if i := strings.Index(line, "relaying http://"); i >= 0 {
				f := strings.Fields(line[i+len("relaying "):])
				select {
				case addr <- f[0]:
				default:
				}
			}
			if endedLine.MatchString(line) {
				rp.mu.Lock()
				rp.ended++
				close(rp.change)
				rp.change = make(chan struct{})
				rp.mu.Unlock()
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case u := <-addr:
		rp.url = u
	case <-rp.done:
		_ = rp.cmd.Wait()
		b.Fatal("umpire proxy ended before it listened")
	case <-time.After(30 * time.Second):
		_ = rp.cmd.Process.Kill()
		b.Fatal("umpire proxy did not say where it listens within 30 s")
	}
	return rp
}

// waitEnded waits until the relay has ended (and judged) n matches.
func (rp *relayProcess) waitEnded(ctx context.Context, n int) error {
	for {
		rp.mu.Lock()
		got, ch := rp.ended, rp.change
		rp.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-ch:
		case <-rp.done:
			return fmt.Errorf("umpire proxy ended after %d of %d matches", got, n)
		case <-ctx.Done():
			return fmt.Errorf("the relay ended %d of %d matches: %w", got, n, ctx.Err())
		}
	}
}

// cpu is the relay process's CPU time so far (user and system, all its
// threads), from /proc.
func (rp *relayProcess) cpu(b *testing.B) time.Duration {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(rp.cmd.Process.Pid) + "/stat")
	if err != nil {
		b.Fatal(err)
	}
	// The fields after the command name (in parentheses, which may hold
	// spaces): utime and stime are the 12th and 13th.
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ, fixed at 100 on Linux for /proc
	return time.Duration(ut+st) * time.Second / ticks
}

// stop interrupts the relay (it writes its report then) and reads, from the
// report, how many matches have a relay-coverage check (those relayed
// through the WebSocket tunnel), how many of them were judged whole and how
// many messages were relayed unjudged. It runs once; later calls return
// zeros.
func (rp *relayProcess) stop(b *testing.B) (checked, full, unjudged int) {
	rp.once.Do(func() {
		_ = rp.cmd.Process.Signal(os.Interrupt)
		waited := make(chan error, 1)
		go func() { waited <- rp.cmd.Wait() }()
		select {
		case <-waited:
		case <-time.After(30 * time.Second):
			_ = rp.cmd.Process.Kill()
			<-waited
			b.Error("umpire proxy did not stop within 30 s of an interrupt")
			return
		}
		raw, err := os.ReadFile(rp.report)
		if err != nil {
			b.Errorf("the relay's report: %v", err)
			return
		}
		var rep struct {
			Checks []struct {
				Name   string `json:"name"`
				Status string `json:"status"`
				Reason string `json:"reason"`
			} `json:"checks"`
		}
		if err := json.Unmarshal(raw, &rep); err != nil {
			b.Errorf("the relay's report: %v", err)
			return
		}
		for _, c := range rep.Checks {
			if c.Name != "relay-coverage" {
				continue
			}
			checked++
			var judged, left int
			if _, err := fmt.Sscanf(c.Reason, "%d message(s) judged, %d relayed unjudged", &judged, &left); err == nil {
				unjudged += left
				continue
			}
			if c.Status == "pass" {
				full++
			}
		}
	})
	return checked, full, unjudged
}

// cpuSet is the affinity mask of sched_setaffinity: 1024 CPUs.
type cpuSet [16]uint64

func affinity(tid int) ([]int, error) {
	var set cpuSet
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, uintptr(tid), unsafe.Sizeof(set), uintptr(unsafe.Pointer(&set))); e != 0 {
		return nil, e
	}
	var cpus []int
	for i := range len(set) * 64 {
		if set[i/64]&(1<<(i%64)) != 0 {
			cpus = append(cpus, i)
		}
	}
	return cpus, nil
}

func setAffinity(tid int, cpus []int) error {
	var set cpuSet
	for _, c := range cpus {
		set[c/64] |= 1 << (c % 64)
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(tid), unsafe.Sizeof(set), uintptr(unsafe.Pointer(&set))); e != 0 {
		return e
	}
	return nil
}

// pinProcess pins every thread of pid to cpus, passing over its threads
// until a pass finds them all pinned (a thread started meanwhile by one not
// yet pinned would keep the old CPUs).
func pinProcess(pid int, cpus []int) error {
	for range 20 {
		tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
		if err != nil {
			return err
		}
		moved := 0
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if now, err := affinity(tid); err == nil && slices.Equal(now, cpus) {
				continue
			}
			if err := setAffinity(tid, cpus); err != nil && err != syscall.ESRCH {
				return err
			}
			moved++
		}
		if moved == 0 {
			return nil
		}
	}
	return fmt.Errorf("the threads of process %d kept changing", pid)
}

// pinSelf pins this process to cpus, with as many Ps, and returns the
// function that undoes it (idempotent).
func pinSelf(b *testing.B, cpus []int) (restore func()) {
	b.Helper()
	before, err := affinity(0)
	if err != nil {
		b.Fatal(err)
	}
	if err := pinProcess(os.Getpid(), cpus); err != nil {
		b.Skipf("cannot pin the benchmark to CPUs %v: %v", cpus, err)
	}
	procs := runtime.GOMAXPROCS(len(cpus))
	var once sync.Once
	return func() {
		once.Do(func() {
			runtime.GOMAXPROCS(procs)
			if err := pinProcess(os.Getpid(), before); err != nil {
				b.Errorf("restoring this process's CPUs: %v", err)
			}
		})
	}
}
