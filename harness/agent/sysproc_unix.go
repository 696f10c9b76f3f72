//go:build unix && !linux

package agent

import "syscall"

// sysProcAttr starts the child in a session of its own (so also a process
// group of its own, whose id is its pid), without a controlling terminal.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true}
}
