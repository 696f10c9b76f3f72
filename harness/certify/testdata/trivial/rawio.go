//go:build !http

package main

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// The agent's reads and writes are raw system calls: the runtime's
// bookkeeping of a system call (entering it can wake the runtime's monitor
// thread, which then runs for a while) cost the agent more than the call
// itself (about a third of its CPU time per decision in the load
// benchmark).

// rawIn reads a non-blocking stdin with raw read calls inside the
// runtime's poller, which waits while the pipe is empty.
type rawIn struct{ rc syscall.RawConn }

func (r rawIn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var (
		n     int
		errno syscall.Errno
	)
	err := r.rc.Read(func(fd uintptr) bool {
		for {
			r1, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
			if e == syscall.EINTR {
				continue
			}
			if e == syscall.EAGAIN {
				return false
			}
			n, errno = int(r1), e
			return true
		}
	})
	switch {
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, errno
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// rawOut writes stdout with raw write calls, falling back to a write of
// the os package on an error. The pipe is a blocking one; an answer is a
// line of about a hundred bytes, which a pipe umpire reads takes at once.
// (A raw write blocked on a full pipe would hold up the runtime's garbage
// collections, which cannot stop its thread, until the pipe drains.)
type rawOut struct {
	fd uintptr
	f  *os.File // the same descriptor, for the fallback
}

func (o rawOut) Write(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		r1, _, e := syscall.RawSyscall(syscall.SYS_WRITE, o.fd, uintptr(unsafe.Pointer(&p[done])), uintptr(len(p)-done))
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			n, err := o.f.Write(p[done:])
			return done + n, err
		}
		done += int(r1)
	}
	return done, nil
}
