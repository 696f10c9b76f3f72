//go:build !linux

package agent

import (
	"os"
	"syscall"
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
