//go:build unix

package agent

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// The agent's pipes are in non-blocking mode, so a read or write on them
// returns at once: it is made as a raw system call, without the runtime's
// system-call bookkeeping (entering and leaving a system call can wake the
// runtime's monitor thread, and a call that the kernel makes long, waking
// the agent, can have the processor handed off from under it), and the
// poller waits when the pipe is empty or full.

// rawWrite makes one write(2) of b on fd: the bytes written, 0 on any
// error (EAGAIN when the pipe is full; the caller's write through the
// poller judges the others).
func rawWrite(fd uintptr, b []byte) int {
	if len(b) == 0 {
		return 0
	}
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return 0
		}
		return int(n)
	}
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
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITEV, fd, uintptr(unsafe.Pointer(&iov[0])), uintptr(k))
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return 0
		}
		return int(n)
	}
}

// rawReader reads a non-blocking pipe with raw read(2) calls, waiting in
// the runtime's poller while it is empty. Errors are those of f.Read:
// io.EOF at the end, os.ErrClosed once f is closed.
type rawReader struct {
	f  *os.File
	rc syscall.RawConn
	// buf, n and errno are the callback's argument and results; read is
	// the callback, made once.
	buf   []byte
	n     int
	errno syscall.Errno
	read  func(fd uintptr) bool
}

// newReader returns a reader of f that makes raw reads when f is a
// non-blocking pipe the poller watches, and f itself otherwise.
func newReader(f *os.File) io.Reader {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	nonblocking := false
	if cerr := rc.Control(func(fd uintptr) {
		fl, _, e := syscall.RawSyscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		nonblocking = e == 0 && fl&syscall.O_NONBLOCK != 0
	}); cerr != nil || !nonblocking {
		return f
	}
	r := &rawReader{f: f, rc: rc}
	r.read = func(fd uintptr) bool {
		for {
			n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&r.buf[0])), uintptr(len(r.buf)))
			switch e {
			case syscall.EINTR:
				continue
			case syscall.EAGAIN:
				return false // wait in the poller
			}
			r.n, r.errno = int(n), e
			return true
		}
	}
	return r
}

func (r *rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.buf, r.n, r.errno = p, 0, 0
	err := r.rc.Read(r.read)
	r.buf = nil
	switch {
	case err != nil:
		// The file was closed (or its read deadline passed): f.Read
		// names it as the os package does.
		return r.f.Read(p)
	case r.errno != 0:
		return 0, &os.PathError{Op: "read", Path: r.f.Name(), Err: r.errno}
	case r.n == 0:
		return 0, io.EOF
	}
	return r.n, nil
}
