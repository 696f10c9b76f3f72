package agent

import (
	"context"
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
