//go:build unix

package agent

import (
	"syscall"
	"unsafe"
)

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

// rawWriteLine makes one writev(2) of head, line and a line end on fd: the
// bytes written, 0 on any error (as rawWrite).
func rawWriteLine(fd uintptr, head, line []byte) int {
	var iov [3]syscall.Iovec
	nl := [1]byte{'\n'}
	k := 0
	for _, b := range [][]byte{head, line, nl[:]} {
		if len(b) > 0 {
			iov[k].Base = &b[0]
			iov[k].SetLen(len(b))
			k++
		}
	}
	for {
		n, _, e := syscall.Syscall(syscall.SYS_WRITEV, fd, uintptr(unsafe.Pointer(&iov[0])), uintptr(k))
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return 0
		}
		return int(n)
	}
}
