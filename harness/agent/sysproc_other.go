//go:build !unix

package agent

import (
	"errors"
	"os"
	"syscall"
)

// Without Unix process groups and signals the agent is started as a plain
// child and ended by killing it; processes it starts itself are not reached.

func sysProcAttr() *syscall.SysProcAttr { return nil }

func killGroup(pid int, sig syscall.Signal) error {
	if sig == 0 {
		return errors.New("no process groups on this system")
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

func procGroupAlive(int) (alive, ok bool) { return false, true }
