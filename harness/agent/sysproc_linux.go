package agent

import "syscall"

// sysProcAttr puts the child in its own process group and, on Linux, asks
// the kernel to kill it if umpire dies first.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
