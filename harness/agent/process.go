package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Defaults of a Spec.
const (
	// DefaultFloodLines is how many unsolicited lines may arrive within
	// DefaultFloodWindow before the agent is judged to flood.
	DefaultFloodLines = 100
	// DefaultFloodWindow is the window of DefaultFloodLines.
	DefaultFloodWindow = time.Second
	// DefaultExitWait is how long a closed stdout waits for the process to
	// exit before it is judged a disconnect of a live process.
	DefaultExitWait = 2 * time.Second
)

// Spec says how to start a JSON Lines agent.
type Spec struct {
	// Command is run as `sh -c Command` would run it (without the shell
	// when it is plain words naming a program, see startGroup).
	Command string
	// Dir is the working directory; "" is the caller's.
	Dir string
	// Env is the environment; nil inherits the caller's.
	Env []string
	// MaxLine caps one stdout line (DefaultMaxLine when 0).
	MaxLine int
	// StderrCap is how much of stderr is kept (DefaultOutputCap when 0).
	StderrCap int
	// FloodLines and FloodWindow: more than FloodLines unsolicited lines
	// arriving within FloodWindow is a flood (defaults DefaultFloodLines,
	// DefaultFloodWindow).
	FloodLines  int
	FloodWindow time.Duration
	// Watchdog: when a request times out and the agent has written nothing
	// at all on stdout for Watchdog, the verdict is Hang instead of Timeout.
	// Set it to the match budget; 0 disables the distinction.
	Watchdog time.Duration
	// TermGrace is how long Close waits after SIGTERM before SIGKILL
	// (DefaultTermGrace when 0).
	TermGrace time.Duration
	// ExitWait is how long a closed stdout waits for the process to exit
	// before judging (DefaultExitWait when 0).
	ExitWait time.Duration
	// Memory limits the memory of the agent and everything it starts, in
	// bytes (DefaultMemory when 0, none when negative), where the system
	// allows it (see MemorySupport).
	Memory int64

	// containment forces a mechanism (tests of the fallback); "" is the
	// best available.
	containment Containment
}

func (s Spec) withDefaults() Spec {
	if s.MaxLine <= 0 {
		s.MaxLine = DefaultMaxLine
	}
	if s.StderrCap <= 0 {
		s.StderrCap = DefaultOutputCap
	}
	if s.FloodLines <= 0 {
		s.FloodLines = DefaultFloodLines
	}
	if s.FloodWindow <= 0 {
		s.FloodWindow = DefaultFloodWindow
	}
	if s.TermGrace <= 0 {
		s.TermGrace = DefaultTermGrace
	}
	if s.ExitWait <= 0 {
		s.ExitWait = DefaultExitWait
	}
	return s
}

// Reply is the outcome of one request: the answer (when there is one), the
// lines that were not the answer, and the latency.
type Reply struct {
	// Answer is the accepted answer line (zero when there is none). For HTTP
	// it is the response body.
	Answer Line
	// Stale holds lines that were already waiting before the request was
	// sent: late answers to an earlier request, or unsolicited output.
	Stale []Line
	// Before holds lines that arrived after the request and before the
	// answer but were not it: not JSON, not an object, or an object the
	// caller's accept function refused. Each is a finding for the caller.
	Before []Line
	// Latency is the time from sending the request to the answer's arrival
	// (monotonic clock). Zero when there is no answer.
	Latency time.Duration
	// Status is the HTTP status code (HTTP endpoint only).
	Status int
}

// Process is a running JSON Lines agent. Send, Receive, Ask and Drain are
// meant for one goroutine at a time; Close may be called from any goroutine,
// any number of times.
type Process struct {
	spec   Spec
	g      *group
	stdin  *os.File
	stdout *os.File
	stderr *os.File
	errBuf *tail

	lines   chan Line     // closed when stdout ends
	readErr error         // stdout read error, set before lines is closed
	stop    chan struct{} // closed by Close or cancellation: readers give up
	stopMu  sync.Once
	readers sync.WaitGroup

	lastOut atomic.Int64 // nanoseconds after start of the latest stdout line; -1 none

	eof    bool        // the caller saw lines closed
	extras []time.Time // arrival of the latest unsolicited lines (flood window)

	// pending holds lines queued by Post, written with the next Ask,
	// AskFunc or Flush in one write.
	pending []byte

	// raw is stdin's raw connection and rawWrite its callback, made once:
	// tryWrite's write that needs no deadline; rawBuf and rawN are the
	// callback's argument and result.
	raw      syscall.RawConn
	rawWrite func(fd uintptr) bool
	rawBuf   []byte
	rawN     int
	// rawGather makes the callback write rawLine and a line end after
	// rawBuf in the same call (tryWriteLine).
	rawGather bool
	rawLine   []byte
	// askTimer times AskFunc's deadline, reused from one request to the
	// next.
	askTimer *time.Timer

	closed    atomic.Bool
	closeOnce sync.Once
	exit      Exit
	closeErr  error
}

// Start starts the agent, `sh -c spec.Command` (or its words directly, when
// the shell would change nothing), in its own process group,
// with pipes to its stdin, stdout and stderr. Cancelling ctx kills the group
// and ends every goroutine of the Process; Close must still be called to
// collect the Exit (it is then immediate).
func Start(ctx context.Context, spec Spec) (*Process, error) {
	spec = spec.withDefaults()
	var files []*os.File
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	fail := func(err error) (*Process, error) {
		for _, f := range files {
			f.Close()
		}
		return nil, errorf(HarnessError, "start", err, "could not create pipes")
	}
	inR, inW, err := pipe()
	if err != nil {
		return fail(err)
	}
	outR, outW, err := pipe()
	if err != nil {
		return fail(err)
	}
	errR, errW, err := pipe()
	if err != nil {
		return fail(err)
	}
	p := &Process{
		spec: spec, stdin: inW, stdout: outR, stderr: errR,
		errBuf: newTail(spec.StderrCap),
		lines:  make(chan Line, 64),
		stop:   make(chan struct{}),
	}
	p.lastOut.Store(-1)
	if raw, err := inW.SyscallConn(); err == nil {
		p.raw = raw
		p.rawWrite = func(fd uintptr) bool {
			if p.rawGather {
				p.rawN = rawWriteLine(fd, p.rawBuf, p.rawLine)
			} else {
				p.rawN = rawWrite(fd, p.rawBuf)
			}
			return true // never wait: tryWrite's caller does
		}
	}
	g, err := startGroup(ctx, spec.Command, spec.Dir, spec.Env, inR, outW, errW, p.cancelled, spec.containment, spec.Memory)
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	p.g = g
	p.readers.Add(2)
	go p.readStdout()
	go p.readStderr()
	return p, nil
}

// PID returns the process id of the agent's shell, which is also its
// process group id.
func (p *Process) PID() int { return p.g.pid }

// Done is closed once the agent process has exited and been reaped.
func (p *Process) Done() <-chan struct{} { return p.g.exited }

// Stderr returns the bounded tail of what the agent wrote on stderr so far.
func (p *Process) Stderr() []byte {
	b, _ := p.errBuf.Bytes()
	return b
}

func (p *Process) stopReaders() { p.stopMu.Do(func() { close(p.stop) }) }

// cancelled runs when the context of Start is cancelled, after the group
// was killed: release the readers and unblock writers.
func (p *Process) cancelled() {
	p.stopReaders()
	p.stdin.SetWriteDeadline(time.Unix(1, 0))
}

func (p *Process) readStdout() {
	defer p.readers.Done()
	defer close(p.lines)
	err := splitLines(p.stdout, p.spec.MaxLine, time.Now, func(l Line) bool {
		p.lastOut.Store(int64(l.At.Sub(p.g.started)))
		select {
		case p.lines <- l:
			return true
		case <-p.stop:
			return false
		}
	})
	if err != nil && !errors.Is(err, os.ErrClosed) {
		p.readErr = err
	}
}

func (p *Process) readStderr() {
	defer p.readers.Done()
	buf := make([]byte, 32<<10)
	for {
		n, err := p.stderr.Read(buf)
		p.errBuf.Write(buf[:n])
		if err != nil {
			return
		}
	}
}

// Verbatim is a message the caller vouches is one JSON value on one line
// (e.g. a message its own server encoded): it is sent as it is, without the
// validity scan other []byte messages get. One that holds a line break is
// compacted like any other.
type Verbatim []byte

// encode turns a message into one line: a []byte or json.RawMessage is sent
// as is (compacted), anything else is marshalled.
func encode(v any) ([]byte, error) { return appendLine(nil, v) }

// appendLine appends v as one line (see encode) to dst. On error dst is
// returned unchanged.
func appendLine(dst []byte, v any) ([]byte, error) {
	var raw []byte
	switch m := v.(type) {
	case Verbatim:
		if oneLine(m) {
			return append(append(dst, m...), '\n'), nil
		}
		raw = m
	case []byte:
		raw = m
	case json.RawMessage:
		raw = m
	case string:
		raw = []byte(m)
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return dst, errorf(HarnessError, "send", err, "cannot encode the message")
		}
		return append(append(dst, b...), '\n'), nil
	}
	// Valid JSON without a line break is already one line: send it as it is
	// (re-compacting every message was the adapter's main CPU cost).
	if bytes.IndexByte(raw, '\n') < 0 && bytes.IndexByte(raw, '\r') < 0 && json.Valid(raw) {
		return append(append(dst, raw...), '\n'), nil
	}
	buf := bytes.NewBuffer(dst)
	if err := json.Compact(buf, raw); err != nil {
		return dst[:len(dst):len(dst)], errorf(HarnessError, "send", err, "the message is not valid JSON")
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// Send writes msg to the agent's stdin as one line. msg is a []byte,
// json.RawMessage or string holding JSON (compacted to one line), or any
// value json.Marshal accepts. A write that cannot complete by ctx's deadline
// (the agent does not read) is a Timeout; a closed stdin is classified from
// the agent's exit (Crash or Disconnect).
func (p *Process) Send(ctx context.Context, msg any) error {
	if err := p.queue(msg); err != nil {
		return err
	}
	return p.Flush(ctx)
}

// postFlushAt is how many queued bytes make Post write them at once.
const postFlushAt = 64 << 10

// Post queues msg (encoded as by Send) without writing it: queued lines go
// out, in order, with the next Send, Ask, AskFunc or Flush, in one write.
// It suits messages that need no answer and no prompt delivery of their
// own (events before a request). full reports a queue past 64 KiB: the
// caller should Flush then, and before it waits on anything else.
func (p *Process) Post(msg any) (full bool, err error) {
	if err := p.queue(msg); err != nil {
		return false, err
	}
	return len(p.pending) >= postFlushAt, nil
}

// Flush writes the lines queued by Post, if any (see Send for the
// verdicts of a failed write).
func (p *Process) Flush(ctx context.Context) error {
	if len(p.pending) == 0 {
		return nil
	}
	var err error
	if n := p.tryWrite(ctx, p.pending); n < len(p.pending) {
		err = p.write(ctx, p.pending[n:])
	}
	p.flushed()
	return err
}

// flushBy is Flush by the deadline dl instead of ctx's: a context with
// that deadline is made only when the lines do not go in at once.
func (p *Process) flushBy(ctx context.Context, dl time.Time) error {
	if len(p.pending) == 0 {
		return nil
	}
	var err error
	if n := p.tryWrite(ctx, p.pending); n < len(p.pending) {
		wctx, cancel := context.WithDeadline(ctx, dl)
		err = p.write(wctx, p.pending[n:])
		cancel()
	}
	p.flushed()
	return err
}

// flushLineBy is flushBy with line (one line, without its end) queued
// last, without copying it into the queue when the pipe takes everything
// at once: the queue, line and its end go in one gathered write, and only
// what of them the pipe did not take is copied for the write that waits.
func (p *Process) flushLineBy(ctx context.Context, dl time.Time, line []byte) error {
	n := p.tryWriteLine(ctx, p.pending, line)
	total := len(p.pending) + len(line) + 1
	var err error
	if n < total {
		rest := unwritten(p.pending, line, n)
		p.pending = rest[:0] // its storage, for flushed to keep or drop
		wctx, cancel := context.WithDeadline(ctx, dl)
		err = p.write(wctx, rest)
		cancel()
	}
	p.flushed()
	return err
}

// unwritten returns what of head, line and a line end is left after the
// first n bytes went, in head's storage.
func unwritten(head, line []byte, n int) []byte {
	switch {
	case n < len(head):
		return append(append(head[n:], line...), '\n')
	case n-len(head) < len(line):
		return append(append(head[:0], line[n-len(head):]...), '\n')
	default:
		return append(head[:0], '\n')
	}
}

// oneLine reports whether b holds no line break.
func oneLine(b []byte) bool {
	return bytes.IndexByte(b, '\n') < 0 && bytes.IndexByte(b, '\r') < 0
}

// flushed empties the queue once it is written. The buffer is reused
// unless a large message made it large.
func (p *Process) flushed() {
	p.pending = p.pending[:0]
	if cap(p.pending) > 4*postFlushAt {
		p.pending = nil
	}
}

// tryWrite writes what of b the pipe takes at once, in one write that
// neither waits nor sets a deadline: the common case of an agent that
// reads its input, for which write's deadline and cancellation set-up
// cost more than the write. It returns how many bytes went (0 after Close
// or cancellation, or when ctx is done: write then judges); the caller
// writes the rest with write.
func (p *Process) tryWrite(ctx context.Context, b []byte) int {
	if p.raw == nil || p.closed.Load() || ctx.Err() != nil {
		return 0
	}
	select {
	case <-p.stop:
		return 0
	default:
	}
	p.rawBuf, p.rawN = b, 0
	err := p.raw.Write(p.rawWrite) // fails on a passed write deadline (cancelled)
	p.rawBuf = nil
	if err != nil {
		return 0
	}
	return p.rawN
}

// tryWriteLine is tryWrite of head, line and a line end, in one gathered
// write: how many of their bytes went.
func (p *Process) tryWriteLine(ctx context.Context, head, line []byte) int {
	p.rawGather, p.rawLine = true, line
	n := p.tryWrite(ctx, head)
	p.rawGather, p.rawLine = false, nil
	return n
}

// Pending reports whether Post queued lines that are not written yet.
func (p *Process) Pending() bool { return len(p.pending) > 0 }

// queue appends msg, encoded, to the lines waiting to be written.
func (p *Process) queue(msg any) error {
	var err error
	p.pending, err = appendLine(p.pending, msg)
	return err
}

func (p *Process) write(ctx context.Context, b []byte) error {
	if err := p.closedError("send"); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok {
		p.stdin.SetWriteDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { p.stdin.SetWriteDeadline(time.Unix(1, 0)) })
	_, err := p.stdin.Write(b)
	stop()
	p.stdin.SetWriteDeadline(time.Time{})
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.EPIPE):
		return p.g.exitVerdict("send", p.spec.ExitWait)
	case ctx.Err() != nil:
		return p.ctxError("send", ctx)
	case errors.Is(err, os.ErrDeadlineExceeded):
		if err := p.g.stopped("send"); err != nil {
			return err
		}
		return errorf(Timeout, "send", err, "the agent does not read its input")
	case errors.Is(err, os.ErrClosed):
		return errorf(HarnessError, "send", errClosed, "cannot send")
	default:
		return errorf(HarnessError, "send", err, "write to the agent failed")
	}
}

// ctxError classifies a done context: the caller's cancellation is a
// harness error, a passed deadline a timeout (or a hang, see Spec.Watchdog).
func (p *Process) ctxError(op string, ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return p.timeout(op, ctx.Err())
	}
	return errorf(HarnessError, op, ctx.Err(), "the run was cancelled")
}

func (p *Process) timeout(op string, err error) error {
	if w := p.spec.Watchdog; w > 0 {
		since := time.Since(p.g.started)
		if last := p.lastOut.Load(); last >= 0 {
			since -= time.Duration(last)
		}
		if since >= w {
			return errorf(Hang, op, err, "no output for %v (watchdog %v)", since.Round(time.Millisecond), w)
		}
	}
	return errorf(Timeout, op, err, "no answer before the deadline")
}

// eofError classifies the end of the agent's stdout.
func (p *Process) eofError(op string) error {
	p.eof = true
	if err := p.closedError(op); err != nil {
		return err // Close, from another goroutine, ended the output
	}
	if p.readErr != nil {
		return errorf(HarnessError, op, p.readErr, "reading the agent's output failed")
	}
	return p.g.exitVerdict(op, p.spec.ExitWait)
}

// closedError is returned by calls made after Close.
func (p *Process) closedError(op string) error {
	if p.closed.Load() {
		return errorf(HarnessError, op, errClosed, "the agent was closed")
	}
	return nil
}

// Receive returns the next line the agent writes, whatever it is: the
// caller judges it by Line.Kind. A line over the cap comes with a Flood
// error; the end of the agent's output with a Crash or Disconnect error; a
// passed ctx deadline with a Timeout (or Hang) error.
func (p *Process) Receive(ctx context.Context) (Line, error) {
	if err := p.closedError("receive"); err != nil {
		return Line{}, err
	}
	if p.eof {
		return Line{}, p.eofError("receive")
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return Line{}, p.eofError("receive")
		}
		if l.Kind == Oversize {
			return l, errorf(Flood, "receive", nil, "a line of at least %d bytes exceeds the cap of %d bytes", l.Size, p.spec.MaxLine)
		}
		return l, nil
	case <-ctx.Done():
		return Line{}, p.ctxError("receive", ctx)
	}
}

// noteExtra records an unsolicited line and reports a flood when more than
// FloodLines of them arrived within FloodWindow.
func (p *Process) noteExtra(l Line) error {
	if l.Kind == Oversize {
		return errorf(Flood, "receive", nil, "a line of at least %d bytes exceeds the cap of %d bytes", l.Size, p.spec.MaxLine)
	}
	p.extras = append(p.extras, l.At)
	if len(p.extras) > p.spec.FloodLines {
		p.extras = p.extras[len(p.extras)-p.spec.FloodLines-1:]
		if l.At.Sub(p.extras[0]) <= p.spec.FloodWindow {
			return errorf(Flood, "receive", nil, "more than %d unsolicited lines within %v", p.spec.FloodLines, p.spec.FloodWindow)
		}
	}
	return nil
}

// Drain returns, without waiting, the lines the agent has written that
// nobody has read yet (late answers, unsolicited output). They count
// towards the flood limit; the end of the agent's output is reported as
// by Receive.
func (p *Process) Drain() ([]Line, error) {
	var got []Line
	if err := p.closedError("receive"); err != nil {
		return nil, err
	}
	for {
		if p.eof {
			return got, p.eofError("receive")
		}
		select {
		case l, ok := <-p.lines:
			if !ok {
				return got, p.eofError("receive")
			}
			got = append(got, l)
			if err := p.noteExtra(l); err != nil {
				return got, err
			}
		default:
			return got, nil
		}
	}
}

// Ask sends msg and waits up to deadline for the answer: the first line
// that is one JSON object. See AskFunc.
func (p *Process) Ask(ctx context.Context, msg any, deadline time.Duration) (Reply, error) {
	return p.AskFunc(ctx, msg, deadline, nil)
}

// AskFunc drains lines already waiting (Reply.Stale), sends the lines
// queued by Post and then msg in one write, and waits
// up to deadline for the first line that is one JSON object and that accept
// (when not nil) takes as the answer, e.g. by its turn or observation
// version. Other lines are collected in Reply.Before. Verdicts: Flood when
// too many lines arrive; at the deadline Flood when a line over the cap
// came (it is in Before, reported as it crossed the cap and skipped in
// bounded memory; an answer after it is still taken), Malformed when only
// malformed lines came, else Timeout (Hang past the watchdog); Crash or
// Disconnect when the agent's output ends.
func (p *Process) AskFunc(ctx context.Context, msg any, deadline time.Duration, accept func(Line) bool) (Reply, error) {
	var (
		r   Reply
		err error
	)
	if r.Stale, err = p.Drain(); err != nil {
		return r, err
	}
	line, direct := msg.(Verbatim)
	if direct = direct && oneLine(line); !direct {
		if err := p.queue(msg); err != nil {
			return r, err
		}
	}
	sent := time.Now()
	dl := sent.Add(deadline)
	if direct {
		err = p.flushLineBy(ctx, dl, line)
	} else {
		err = p.flushBy(ctx, dl)
	}
	if err != nil {
		return r, relabel(err, "ask")
	}
	// One timer for every request (a context of its own for each cost a
	// timer and a child of ctx).
	if p.askTimer == nil {
		p.askTimer = time.NewTimer(time.Until(dl))
	} else {
		p.askTimer.Reset(time.Until(dl))
	}
	defer p.askTimer.Stop()
	malformed := 0
	var over *Line // a line over the cap written since the request
	exited := p.g.exited
	var afterExit <-chan time.Time
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return r, p.eofError("ask")
			}
			if l.At.Before(sent) {
				// Read before the request went out: it cannot answer it.
				r.Stale = append(r.Stale, l)
				if err := p.noteExtra(l); err != nil {
					return r, relabel(err, "ask")
				}
				continue
			}
			if l.Kind == Object && (accept == nil || accept(l)) {
				r.Answer, r.Latency = l, l.At.Sub(sent)
				return r, nil
			}
			r.Before = append(r.Before, l)
			if l.Kind.Malformed() {
				malformed++
			}
			if l.Kind == Oversize {
				// Reported as it crossed the cap; the rest of it is skipped
				// in bounded memory. An answer may still follow before the
				// deadline (the over-cap line is the caller's finding);
				// without one the verdict is a flood.
				if over == nil {
					o := l
					over = &o
				}
				continue
			}
			if err := p.noteExtra(l); err != nil {
				return r, relabel(err, "ask")
			}
		case <-exited:
			// The process is gone; its output should end shortly. If
			// something it left behind still holds stdout, do not wait for
			// the deadline.
			exited = nil
			t := time.NewTimer(p.spec.ExitWait)
			defer t.Stop()
			afterExit = t.C
		case <-afterExit:
			if err := p.closedError("ask"); err != nil {
				return r, err
			}
			return r, p.g.exitVerdict("ask", 0)
		case <-ctx.Done():
			return r, p.ctxError("ask", ctx)
		case <-p.askTimer.C:
			if ctx.Err() != nil {
				return r, p.ctxError("ask", ctx)
			}
			if over != nil {
				return r, errorf(Flood, "ask", nil, "a line of at least %d bytes exceeds the cap of %d bytes, and no answer before the deadline", over.Size, p.spec.MaxLine)
			}
			if malformed > 0 {
				return r, errorf(Malformed, "ask", nil, "%d malformed line(s) and no answer before the deadline, first: %s", malformed, quote(firstMalformed(r.Before)))
			}
			return r, p.timeout("ask", context.DeadlineExceeded)
		}
	}
}

func firstMalformed(ls []Line) []byte {
	for _, l := range ls {
		if l.Kind.Malformed() {
			return l.Bytes
		}
	}
	return nil
}

// relabel sets the operation of a classified error.
func relabel(err error, op string) error {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.Op = op
		return &c
	}
	return err
}

// Close ends the agent: it closes its stdin, waits up to grace for it to
// exit, then sends SIGTERM to its process group, waits Spec.TermGrace, sends
// SIGKILL, and always reaps it and any process left in its group. It
// returns how the process ended, with the tail of its stderr. Close is
// idempotent: later calls return the first result.
func (p *Process) Close(grace time.Duration) (Exit, error) {
	p.closeOnce.Do(func() {
		p.closed.Store(true)
		p.stdin.Close()
		err := p.g.escalate(grace, p.spec.TermGrace)
		p.g.stopCtx()
		// Nobody reads stdout after Close: release its reader at once. Let
		// the stderr reader reach the end of what the agent wrote, within a
		// bound, then close the pipes whatever happens.
		p.stopReaders()
		done := make(chan struct{})
		go func() { p.readers.Wait(); close(done) }()
		t := time.NewTimer(500 * time.Millisecond)
		select {
		case <-done:
		case <-t.C:
		}
		t.Stop()
		p.stdout.Close()
		p.stderr.Close()
		<-done
		p.g.wg.Wait()
		p.exit, p.closeErr = p.g.exit(p.errBuf), err
	})
	return p.exit, p.closeErr
}

// Asker is a transport that answers one request at a time: *Process and
// *HTTPAgent both are.
type Asker interface {
	Ask(ctx context.Context, msg any, deadline time.Duration) (Reply, error)
}

var (
	_ Asker = (*Process)(nil)
	_ Asker = (*HTTPAgent)(nil)
)
