//go:build unix

package agent

import "syscall"

// rawWrite makes one write(2) of b on fd, which does not block (the pipe
// is in non-blocking mode): the bytes written, 0 on any error (EAGAIN when
// the pipe is full; the caller's write through the poller judges the
// others).
func rawWrite(fd uintptr, b []byte) int {
	n, err := syscall.Write(int(fd), b)
	if err != nil || n < 0 {
		return 0
	}
	return n
}
