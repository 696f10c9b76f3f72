package agent

import "syscall"

// sysProcAttr starts the child in a session of its own (so also a process
// group of its own, whose id is its pid): it has no controlling terminal,
// so it can neither write to the user's /dev/tty nor type into the user's
// shell with TIOCSTI. On Linux the kernel kills it if umpire dies first.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
}
