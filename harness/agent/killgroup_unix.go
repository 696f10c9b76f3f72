//go:build unix

package agent

import "syscall"

// killGroup sends sig to every process of the process group pgid (0 only
// checks that the group exists).
func killGroup(pgid int, sig syscall.Signal) error { return syscall.Kill(-pgid, sig) }
