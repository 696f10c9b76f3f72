//go:build linux

package agent

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// escapee starts an agent whose grandchild calls setsid (leaving the
// agent's process group and session) and keeps the agent's stdout open,
// then answers as the Go example agent does. It returns the pid file the
// grandchild writes.
func escapee(t *testing.T, w *leakWatch, via Containment) (*Process, string) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "grandchild.pid")
	cmd := `setsid sh -c '` + echoPID + ` > ` + shellQuote(pidFile) + `; exec sleep 300' & exec ` + agents.goAgent
	p, err := Start(context.Background(), Spec{Command: cmd, containment: via})
	if err != nil {
		t.Fatal(err)
	}
	w.track(p.PID())
	t.Cleanup(func() { p.Close(0) })
	return p, pidFile
}

// echoPID is a shell command printing the shell's pid as umpire numbers it
// (in an agent's PID namespace, $$ is the namespace's number): /proc is
// umpire's, and read is a builtin, so /proc/self is the shell.
const echoPID = `{ read -r pid rest </proc/self/stat; echo $pid; }`

// readPID waits for the pid file and returns the pid in it.
func readPID(t *testing.T, file string) int {
	t.Helper()
	deadline := time.Now().Add(generous)
	for {
		b, err := os.ReadFile(file)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("the grandchild never wrote %s", file)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// alive reports whether pid is a live process (not a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	state, _, _, ok := parseStat(b)
	return ok && state != 'Z' && state != 'X'
}

// TestSetsidGrandchildIsKilledAndReported: a grandchild that left the
// process group with setsid and holds stdout open does not outlive Close,
// and Close names it among the survivors — with the cgroup when this
// system lets umpire make one, and with the marker fallback always.
func TestSetsidGrandchildIsKilledAndReported(t *testing.T) {
	for _, via := range []Containment{"", ContainSubreaper, ContainMarker} {
		name := string(via)
		if name == "" {
			name = "best"
		}
		t.Run(name, func(t *testing.T) {
			w := watchLeaks(t)
			p, pidFile := escapee(t, w, via)
			rep, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous)
			if err != nil {
				t.Fatalf("Ask: %v", err)
			}
			if err := checkMove(fixture(t, "inference_your_turn.json"), rep.Answer.Bytes); err != nil {
				t.Fatal(err)
			}
			gc := readPID(t, pidFile)
			if !alive(gc) {
				t.Fatalf("grandchild %d is not running before Close", gc)
			}
			// It really left the group: the group kill cannot reach it.
			if pg, _ := syscall.Getpgid(gc); pg == p.PID() {
				t.Fatalf("grandchild %d is still in the agent's group %d", gc, pg)
			}
			exit, err := p.Close(generous)
			if err != nil {
				t.Fatalf("Close: %v", err)
			}
			deadline := time.Now().Add(generous)
			for alive(gc) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if alive(gc) {
				syscall.Kill(gc, syscall.SIGKILL)
				t.Fatalf("grandchild %d outlived Close (%v)", gc, exit)
			}
			if len(exit.Survivors) != 1 || exit.Survivors[0].PID != gc || !strings.Contains(exit.Survivors[0].Command, "sleep") {
				t.Errorf("survivors %v, want the grandchild %d (sleep)", exit.Survivors, gc)
			}
			if via != "" && exit.Containment != via {
				t.Errorf("containment %s, want %s", exit.Containment, via)
			}
			t.Logf("containment %s, survivors %v", exit.Containment, exit.Survivors)
		})
	}
}

// TestWellBehavedAgentHasNoSurvivors: children that stay in the agent's
// group, killed with it, are no survivors; nothing is left of the cgroup.
func TestWellBehavedAgentHasNoSurvivors(t *testing.T) {
	for _, via := range []Containment{"", ContainSubreaper, ContainMarker} {
		t.Run(map[Containment]string{"": "best", ContainSubreaper: "subreaper", ContainMarker: "marker"}[via], func(t *testing.T) {
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: `sleep 300 & exec ` + agents.goAgent, containment: via})
			if _, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous); err != nil {
				t.Fatal(err)
			}
			exit, err := p.Close(generous)
			if err != nil || len(exit.Survivors) != 0 {
				t.Errorf("Close = %v (survivors %v), %v; want no survivors", exit, exit.Survivors, err)
			}
			if dir := p.g.box.dir; dir != "" {
				if _, err := os.Stat(dir); !os.IsNotExist(err) {
					t.Errorf("cgroup %s left behind (%v)", dir, err)
				}
			}
		})
	}
}

func TestHasEnvEntry(t *testing.T) {
	env := []byte("A=1\x00UMPIRE_AGENT_INSTANCE=abc\x00B=2")
	for _, c := range []struct {
		kv   string
		want bool
	}{
		{"UMPIRE_AGENT_INSTANCE=abc", true},
		{"UMPIRE_AGENT_INSTANCE=ab", false},
		{"B=2", true},
		{"B=", false},
	} {
		if got := hasEnvEntry(env, []byte(c.kv)); got != c.want {
			t.Errorf("hasEnvEntry(%q) = %v, want %v", c.kv, got, c.want)
		}
	}
}

// TestCgroupLeaverIsKilledAndReported: a grandchild that moves itself out of
// the agent's cgroup (root may write any cgroup.procs) and calls setsid does
// not outlive Close, and is named among the survivors: the marker it still
// carries finds it.
func TestCgroupLeaverIsKilledAndReported(t *testing.T) {
	home, ok := cgroupHome()
	if !ok {
		t.Skip("no writable cgroup v2 here: the agent gets no cgroup to leave")
	}
	w := watchLeaks(t)
	pidFile := filepath.Join(t.TempDir(), "grandchild.pid")
	cmd := `setsid sh -c 'echo $$ > ` + shellQuote(filepath.Join(home, "cgroup.procs")) + ` && ` + echoPID + ` > ` + shellQuote(pidFile) + `; exec sleep 300' & exec ` + agents.goAgent
	p, err := Start(context.Background(), Spec{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	w.track(p.PID())
	t.Cleanup(func() { p.Close(0) })
	if _, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous); err != nil {
		t.Fatalf("Ask: %v", err)
	}
	deadline := time.Now().Add(generous)
	for {
		if _, err := os.Stat(pidFile); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Skip("the grandchild could not move itself out of the cgroup (not root here)")
		}
		time.Sleep(10 * time.Millisecond)
	}
	gc := readPID(t, pidFile)
	exit, err := p.Close(generous)
	if err != nil {
		t.Fatalf("Close: %v", err)
	}
	for deadline := time.Now().Add(generous); alive(gc) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if alive(gc) {
		syscall.Kill(gc, syscall.SIGKILL)
		t.Fatalf("grandchild %d left the cgroup and outlived Close (%v)", gc, exit)
	}
	if !slices.ContainsFunc(exit.Survivors, func(s Survivor) bool { return s.PID == gc }) {
		t.Errorf("survivors %v, want the grandchild %d", exit.Survivors, gc)
	}
}
