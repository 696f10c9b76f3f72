package agent

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestKilledInitTakesTheAgent: the agent does not outlive umpire's init,
// in the namespace (its pid 1 gone) and as a subreaper (Pdeathsig).
func TestKilledInitTakesTheAgent(t *testing.T) {
	for _, via := range []Containment{"", ContainSubreaper} {
		t.Run(map[Containment]string{"": "best", ContainSubreaper: "subreaper"}[via], func(t *testing.T) {
			p, err := Start(context.Background(), Spec{Command: "exec sleep 300", containment: via})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { p.Close(0) })
			if p.g.ns == nil {
				t.Skip("no init here: the agent runs under the cgroup or the marker")
			}
			if !alive(p.PID()) {
				t.Fatalf("the agent %d is not running", p.PID())
			}
			if err := p.g.ns.init.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(generous); alive(p.PID()); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the agent %d outlived its init by %v", p.PID(), generous)
				}
			}
		})
	}
}

// TestDescendants: the /proc scan shared by the marker sweep and the
// subreaper sweep finds a child and its grandchild (and not this process),
// and this process among the live ones.
func TestDescendants(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 30 & wait")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var got []int
	for range 200 {
		if got = descendants(os.Getpid()); len(got) >= 2 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(got) < 2 || got[0] != cmd.Process.Pid || slices.Contains(got, os.Getpid()) {
		t.Errorf("descendants = %v, want the shell %d then its sleep", got, cmd.Process.Pid)
	}
	for _, pid := range got[1:] {
		defer syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck
	}
	if !slices.ContainsFunc(liveProcesses(), func(p proc) bool { return p.pid == os.Getpid() && p.ppid == os.Getppid() }) {
		t.Error("liveProcesses lacks this process with its parent")
	}
}
