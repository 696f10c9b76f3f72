//go:build unix

package schemas

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) this process has used, so that a
// benchmark can report messages per CPU-second: on a busy machine that
// figure moves far less than one per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
