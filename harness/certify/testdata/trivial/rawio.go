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

// rawOut writes a non-blocking stdout with raw write calls inside the
// runtime's poller, which waits while the pipe is full: a raw write on a
// non-blocking pipe returns at once (EAGAIN when full) and never holds its
// thread where the runtime cannot stop it (a raw write blocked on a full
// pipe would hold up every garbage collection until the pipe drained).
type rawOut struct{ rc syscall.RawConn }

func (o rawOut) Write(p []byte) (int, error) {
	var (
		done  int
		errno syscall.Errno
	)
	err := o.rc.Write(func(fd uintptr) bool {
		for done < len(p) {
			r1, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p[done])), uintptr(len(p)-done))
			switch e {
			case 0:
				done += int(r1)
			case syscall.EINTR:
			case syscall.EAGAIN:
				return false
			default:
				errno = e
				return true
			}
		}
		return true
	})
	switch {
	case err != nil:
		return done, err
	case errno != 0:
		return done, errno
	}
	return done, nil
}

// pipeConn returns the raw connection of descriptor fd when it is a pipe,
// made non-blocking (its waits then park in the runtime's poller), else
// nil.
func pipeConn(fd int, name string) syscall.RawConn {
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFIFO || syscall.SetNonblock(fd, true) != nil {
		return nil
	}
	rc, err := os.NewFile(uintptr(fd), name).SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}
