package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/umpire-arena/umpire/harness/gamecli"
)

// stdinName is how an input given as "-" is named in output.
const stdinName = "<stdin>"

// input is one named input read whole.
type input struct {
	name string
	data []byte
}

// errTooLarge is readInput's error for an input over its cap.
type errTooLarge struct{ max int }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("input exceeds the limit of %d bytes", e.max)
}

// readInput reads a FILE|- argument whole, at most maxBytes (> 0) of it:
// "-" is standard input, named stdinName. An input that cannot be opened
// is an *os.PathError, one longer than maxBytes an errTooLarge (nothing
// past the cap is read), another error a read error.
func readInput(ctx context.Context, e *env, name string, maxBytes int) (input, error) {
	in := input{name: name}
	r, shown, closeFn, err := openInput(ctx, e, name)
	if err != nil {
		return in, &os.PathError{Op: "open", Path: name, Err: err}
	}
	defer closeFn()
	in.name = shown
	data, err := io.ReadAll(io.LimitReader(r, int64(maxBytes)+1))
	if err != nil {
		return in, err
	}
	if len(data) > maxBytes {
		return in, errTooLarge{maxBytes}
	}
	in.data = data
	return in, nil
}

// openInput opens a FILE|- argument for streaming: "-" is standard input,
// shown as stdinName. A directory is refused. closeFn releases the file (it
// does nothing for standard input) and is never nil when err is nil. Reads
// end with ctx: each read checks it (an endless input such as /dev/zero is
// left at the next read), and a read blocked on a pipe, a FIFO or a
// terminal is ended by closing the file when ctx is done, so SIGINT and
// SIGTERM stop the command within moments.
func openInput(ctx context.Context, e *env, name string) (r io.Reader, shown string, closeFn func(), err error) {
	if name == "-" {
		r, stop := readUntil(ctx, e.stdin)
		return r, stdinName, func() { stop() }, nil
	}
	f, err := os.Open(name)
	if err == nil {
		var st os.FileInfo
		if st, err = f.Stat(); err == nil && st.IsDir() {
			err = fmt.Errorf("is a directory")
		}
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return nil, name, nil, err
	}
	r, stop := readUntil(ctx, f)
	return r, name, func() { stop(); f.Close() }, nil
}

// readUntil returns r made to end with ctx (see openInput), and a func
// that stops watching ctx. A regular file is read in place; any other
// source (a pipe, a terminal, standard input, whose read the file's close
// does not end when it is not in the runtime's poller) is read by a
// goroutine, so a read blocked on it ends when ctx does (the goroutine is
// left to the read, which ends with the process).
func readUntil(ctx context.Context, r io.Reader) (io.Reader, func() bool) {
	stop := func() bool { return false }
	if f, ok := r.(*os.File); ok {
		stop = context.AfterFunc(ctx, func() { f.Close() })
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return ctxReader{ctx, r}, stop
		}
	}
	return &asyncReader{ctx: ctx, r: r}, stop
}

// asyncReader reads r in a goroutine, one read at a time, and returns
// ctx's error once ctx is done, even while a read is blocked.
type asyncReader struct {
	ctx context.Context
	r   io.Reader
	// pending is the read under way (nil: none); buf is its buffer.
	pending chan asyncRead
	buf     []byte
}

type asyncRead struct {
	n   int
	err error
}

func (a *asyncReader) Read(p []byte) (int, error) {
	if err := a.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if a.pending == nil {
		if cap(a.buf) < len(p) {
			a.buf = make([]byte, len(p))
		}
		buf := a.buf[:len(p)]
		ch := make(chan asyncRead, 1)
		go func() {
			n, err := a.r.Read(buf)
			ch <- asyncRead{n, err}
		}()
		a.pending = ch
	}
	select {
	case res := <-a.pending:
		a.pending = nil
		n := copy(p, a.buf[:res.n])
		return n, res.err
	case <-a.ctx.Done():
		return 0, a.ctx.Err()
	}
}

// ctxReader reads from r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	if err != nil && c.ctx.Err() != nil {
		err = c.ctx.Err()
	}
	return n, err
}

// writeJSONLine writes v as one line of compact JSON, as json.Marshal
// renders it (HTML characters escaped), then a newline, through the
// escaper (inert.JSON: valid UTF-8, bidi overrides escaped).
func writeJSONLine(w io.Writer, v any) error { return gamecli.WriteJSONLine(w, v) }

// inertJSON returns w behind the escaper for encoded JSON (inert.JSONMode).
// An encoder writes whole values, so nothing is held back.
func inertJSON(w io.Writer) io.Writer { return gamecli.InertJSON(w) }

// writeJSONIndented writes v as JSON indented by two spaces, then a
// newline.
func writeJSONIndented(w io.Writer, v any) error { return gamecli.WriteJSONIndented(w, v) }
