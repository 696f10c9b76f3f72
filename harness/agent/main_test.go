//go:build unix

package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// agents holds the commands of the example agents, built once per test
// binary by TestMain.
var agents struct {
	goAgent string // the Go example agent binary
	broken  string // the broken agent binary
	python  string // command running agent.py, "" without python3
	noPy    string // why python is skipped
}

// asUserAgentEnv carries the Go example agent's command to a re-execution
// of the test binary as another user (runMain then builds nothing).
const asUserAgentEnv = "UMPIRE_AGENT_TEST_AS_USER_AGENT"

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	if goAgent := os.Getenv(asUserAgentEnv); goAgent != "" {
		// A re-execution of this binary as another user (see runAsUser):
		// the parent built the agents.
		agents.goAgent = goAgent
		agents.noPy = "not in a re-execution as another user"
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "umpire-agent-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	defer os.RemoveAll(dir)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	for _, b := range []struct{ out, pkg string }{
		{"goagent", "./examples/agents/goagent"},
		{"broken", "./examples/agents/broken"},
	} {
		cmd := exec.Command(goTool, "build", "-o", filepath.Join(dir, b.out), b.pkg)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n%s", b.pkg, err, out)
			return 3
		}
	}
	agents.goAgent = shellQuote(filepath.Join(dir, "goagent"))
	agents.broken = shellQuote(filepath.Join(dir, "broken"))
	if py, err := exec.LookPath("python3"); err != nil {
		agents.noPy = "python3 is not installed"
	} else {
		agents.python = shellQuote(py) + " " + shellQuote(filepath.Join(root, "examples", "agents", "python", "agent.py"))
	}
	return m.Run()
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(b)
}

// leakWatch fails the test when goroutines or child processes outlive it:
// goroutines above the count at the start, any child of this test process,
// any process left in a tracked process group.
type leakWatch struct {
	t      *testing.T
	base   int // goroutines
	fds    int // open file descriptors, -1 when unknown
	groups []int
}

// openFDs counts this process's open file descriptors, -1 without /proc.
func openFDs() int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(ents) - 1 // the directory being read
}

// watchLeaks must be called first in a test, so that its check runs after
// every other cleanup.
func watchLeaks(t *testing.T) *leakWatch {
	w := &leakWatch{t: t, base: runtime.NumGoroutine(), fds: openFDs()}
	t.Cleanup(w.check)
	return w
}

func (w *leakWatch) track(pgid int) { w.groups = append(w.groups, pgid) }

func (w *leakWatch) check() {
	w.t.Helper()
	start := time.Now()
	for _, p := range w.problems(5 * time.Second) {
		w.t.Error(p)
	}
	if d := time.Since(start); d > time.Second {
		w.t.Logf("leak check settled after %v", d)
	}
}

// problems waits up to wait for goroutines and processes to settle and
// describes what is left.
func (w *leakWatch) problems(wait time.Duration) []string {
	deadline := time.Now().Add(wait)
	for {
		n := runtime.NumGoroutine()
		procs := w.survivors()
		fds := openFDs()
		if n <= w.base && len(procs) == 0 && fds <= w.fds {
			return nil
		}
		if time.Now().After(deadline) {
			var out []string
			if n > w.base {
				buf := make([]byte, 1<<20)
				buf = buf[:runtime.Stack(buf, true)]
				out = append(out, fmt.Sprintf("goroutines: have %d after the test, want at most %d as before it\n%s", n, w.base, buf))
			}
			if len(procs) > 0 {
				out = append(out, fmt.Sprintf("processes survived the test: %v", procs))
			}
			if fds > w.fds {
				out = append(out, fmt.Sprintf("file descriptors: have %d open after the test, want at most %d as before it", fds, w.fds))
			}
			return out
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLeakWatchCatchesLeaks tests the test helper: a stray goroutine and a
// stray child process must be reported, and nothing once they are gone.
func TestLeakWatchCatchesLeaks(t *testing.T) {
	w := &leakWatch{t: t, base: runtime.NumGoroutine(), fds: openFDs()}
	release := make(chan struct{})
	// Many strays, so that goroutines of earlier tests ending meanwhile
	// cannot hide them.
	for range 100 {
		go func() { <-release }()
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	got := w.problems(100 * time.Millisecond)
	if len(got) != 3 || !strings.HasPrefix(got[0], "goroutines") || !strings.Contains(got[1], strconv.Itoa(cmd.Process.Pid)) || !strings.HasPrefix(got[2], "file descriptors") {
		t.Errorf("problems %q, want the goroutines, pid %d and the open file", got, cmd.Process.Pid)
	}
	f.Close()
	close(release)
	cmd.Process.Kill()
	cmd.Wait()
	if got := w.problems(5 * time.Second); got != nil {
		t.Errorf("problems %q after cleaning up, want none", got)
	}
}

// survivors lists processes whose parent is this test process (live or not
// reaped) or that are alive in a tracked process group.
func (w *leakWatch) survivors() []string {
	me := os.Getpid()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil // no /proc: nothing to scan
	}
	var out []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		state, ppid, pgrp, ok := parseStat(b)
		if !ok || pid == me {
			continue
		}
		tracked := false
		for _, g := range w.groups {
			tracked = tracked || g == pgrp
		}
		// A dead process of a tracked group that init has not reaped yet is
		// not ours to reap; a zombie child of this process would be.
		if ppid == me || (tracked && state != 'Z') {
			out = append(out, fmt.Sprintf("pid %d state %c ppid %d pgrp %d", pid, state, ppid, pgrp))
		}
	}
	return out
}

// checkMove decides legality as a caller would: the move answers the
// your_turn's match and turn with an action of its legal_actions, a raise
// amount within [min, max].
func checkMove(turnMsg, answer []byte) error {
	var turn struct {
		MatchID string `json:"match_id"`
		Turn    int    `json:"turn"`
		Legal   []struct {
			Action   string
			Min, Max *int
		} `json:"legal_actions"`
	}
	var m struct {
		Type    string
		MatchID string `json:"match_id"`
		Turn    *int
		Action  string
		Amount  *int
	}
	if err := json.Unmarshal(turnMsg, &turn); err != nil {
		return err
	}
	if err := json.Unmarshal(answer, &m); err != nil {
		return err
	}
	if m.Type != "move" || m.MatchID != turn.MatchID || m.Turn == nil || *m.Turn != turn.Turn {
		return fmt.Errorf("move %s does not answer match %s turn %d", answer, turn.MatchID, turn.Turn)
	}
	for _, a := range turn.Legal {
		if a.Action != m.Action {
			continue
		}
		if a.Action != "raise" {
			return nil
		}
		if m.Amount != nil && a.Min != nil && a.Max != nil && *a.Min <= *m.Amount && *m.Amount <= *a.Max {
			return nil
		}
	}
	return fmt.Errorf("move %s is not in legal_actions", answer)
}

// checkDecision decides legality of a BangArena decision body.
func checkDecision(reqMsg, answer []byte) (actionID, commandID string, err error) {
	var req struct {
		SeatID  int `json:"seatId"`
		Version int `json:"observationVersion"`
		Legal   []struct {
			ActionID string `json:"actionId"`
		} `json:"legalActions"`
	}
	var d struct {
		Seat      *int   `json:"seat"`
		ActionID  string `json:"actionId"`
		CommandID string `json:"commandId"`
		Version   *int   `json:"observationVersion"`
	}
	if err := json.Unmarshal(reqMsg, &req); err != nil {
		return "", "", err
	}
	if err := json.Unmarshal(answer, &d); err != nil {
		return "", "", err
	}
	if d.Seat == nil || *d.Seat != req.SeatID || d.Version == nil || *d.Version != req.Version || d.CommandID == "" {
		return "", "", fmt.Errorf("decision %s: want seat %d, observationVersion %d and a commandId", answer, req.SeatID, req.Version)
	}
	for _, a := range req.Legal {
		if a.ActionID == d.ActionID {
			return d.ActionID, d.CommandID, nil
		}
	}
	return "", "", fmt.Errorf("decision %s: actionId not in legalActions", answer)
}
