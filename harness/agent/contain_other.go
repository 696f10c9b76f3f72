//go:build !linux

package agent

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// container, without Linux's cgroups and /proc, only marks the agent's
// environment: its descendants are reached through its process group alone.
type container struct {
	marker string
	via    Containment
}

func newContainer(Containment) *container {
	return &container{marker: newMarker(), via: ContainGroup}
}

func (c *container) env(env []string) []string {
	if env == nil {
		env = os.Environ()
	}
	return withMarker(env, c.marker)
}

func (c *container) attr(*syscall.SysProcAttr) {}
func (c *container) usesCgroupFD() bool        { return false }
func (c *container) dropCgroup()               {}
func (c *container) started()                  {}
func (c *container) sweep(int) []Survivor      { return nil }
func (c *container) release()                  {}

// nsBox: PID namespaces are Linux's.
type nsBox struct{ subreaper bool }

func nsWanted(Containment) bool        { return false }
func subreaperWanted(Containment) bool { return false }
func (*nsBox) initEnv() string         { return "" }
func newNSCmd([]string, bool) (*exec.Cmd, *nsBox, error) {
	return nil, nil, errors.New("no PID namespaces here")
}
func (*nsBox) closeFiles()                                  {}
func (*nsBox) begin(time.Duration) (int, error)             { return 0, errors.New("no PID namespaces here") }
func (*nsBox) watch(done func())                            { done() }
func (*nsBox) waitStatus() (ws syscall.WaitStatus, ok bool) { return ws, false }
func (*nsBox) sweep(int) []Survivor                         { return nil }

// memLimit: memory cgroups are Linux's.
type memLimit struct{ limit int64 }

func newMemLimit(*container, int64) (*memLimit, error) {
	return nil, errors.New("no memory cgroups here")
}
func (*memLimit) attach(int) error { return nil }
func (*memLimit) oomKilled() bool  { return false }
func (*memLimit) release()         {}

// MemorySupport: agents run without a memory limit outside Linux.
func MemorySupport() (string, error) { return "", errors.New("memory limits need Linux cgroups") }
