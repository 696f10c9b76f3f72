package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// transport carries whole messages to and from one agent.
type transport interface {
	// read returns the next message; text is false for a message that is
	// not text (a binary WebSocket frame).
	read(ctx context.Context) (data []byte, text bool, err error)
	// write sends one message.
	write(ctx context.Context, data []byte) error
	// writeBatch sends the messages of b in order, each within timeout
	// where the transport can bound a write. It must not keep b.
	writeBatch(ctx context.Context, timeout time.Duration, b *batch) error
	// finish closes the connection normally after the last message.
	finish(reason string)
	// abort closes the connection at once.
	abort(reason string)
}

// batch holds the messages of one burst for one connection, in order:
// every message followed by '\n' in buf (a JSON Lines transport writes buf
// as it is), ends[i] the end of message i's line.
type batch struct {
	buf  []byte
	ends []int
	// said[i] is what message i says, for an in-process client: kept by
	// typed connections only (RunInProcess), nil otherwise.
	said []Sent
}

// each calls f with every message of b (without its newline) until f fails.
func (b *batch) each(f func(msg []byte) error) error {
	start := 0
	for _, end := range b.ends {
		if err := f(b.buf[start : end-1]); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// Bursts are handed to the writer whole, or sooner once they hold
// maxBurstMessages messages or maxBurstBytes bytes, so that a long burst
// (an agent that is out of the match watching the scripted seats play to
// the end) is written while it is still being made.
const (
	maxBurstMessages = 64
	maxBurstBytes    = 256 << 10
	// maxKeptBatch is the largest buffer a spent batch keeps for reuse.
	maxKeptBatch = 1 << 20
)

// conn is an agent attached to a seat. Messages for it are collected into
// bursts (send), handed as one unit to its own writer goroutine (flush), and
// written by it, so a slow agent never blocks its match. The queue is
// bounded in messages: when limit messages wait — in bursts handed over and
// not yet taken by the writer, plus those of the burst being collected — the
// next send drops the connection.
//
// send, flush, sendLast and finish are called by one goroutine at a time:
// the match's run goroutine, or (serveEnded) the goroutine that attaches a
// connection after the match has ended.
type conn struct {
	seat int
	// authed: the transport is authenticated by construction (stdio), so a
	// hello needs no token.
	authed bool
	t      transport
	limit  int
	// q carries bursts to the writer; nil asks it to finish. Its capacity
	// (limit+1) is never reached: every burst holds a message.
	q chan *batch
	// free returns spent batches from the writer for reuse.
	free chan *batch
	// pend is the burst being collected, largest the size of the largest
	// burst so far (sender only).
	pend    *batch
	largest int
	// queued counts the messages in q.
	queued atomic.Int64
	quit   chan struct{}
	once   sync.Once
	// wrote is closed when the writer goroutine has ended.
	wrote chan struct{}
	// finished is set (before wrote is closed) when the writer ended after
	// sending everything, at the end of the match.
	finished bool
	// finishing is set when the last message has been queued.
	finishing atomic.Bool
	// typed: the batches keep what each message says (said), for an
	// in-process client (RunInProcess).
	typed bool
}

// out is one message to send and what it says (nil: not known, an
// in-process client reads the bytes).
type out struct {
	msg  []byte
	said *Sent
}

func newConn(seat int, t transport, queue int, authed bool) *conn {
	return &conn{seat: seat, authed: authed, t: t, limit: queue, q: make(chan *batch, queue+1), free: make(chan *batch, 4),
		quit: make(chan struct{}), wrote: make(chan struct{})}
}

// send adds a copy of msg to the burst being collected (msg may be reused
// once send returns), and on a typed connection a copy of said, what msg
// says (nil: not known); it reports false (and drops the connection) when
// the queue is full or the connection is gone.
func (c *conn) send(msg []byte, said *Sent) bool {
	if c.gone() {
		return false
	}
	p := c.pend
	if p == nil {
		select {
		case p = <-c.free:
		default: // sized like the largest burst so far, so it rarely grows
			p = &batch{buf: make([]byte, 0, max(4<<10, c.largest)), ends: make([]int, 0, 16)}
		}
		c.pend = p
	}
	if int(c.queued.Load())+len(p.ends) >= c.limit {
		c.kill("too slow: send queue full")
		return false
	}
	p.buf = append(append(p.buf, msg...), '\n')
	p.ends = append(p.ends, len(p.buf))
	if c.typed {
		p.said = append(p.said, said.owned())
	}
	if len(p.ends) >= min(c.limit, maxBurstMessages) || len(p.buf) >= maxBurstBytes {
		return c.flush()
	}
	return true
}

// flush hands the burst collected so far to the writer as one unit; it
// reports false when the connection is gone.
func (c *conn) flush() bool {
	if c.gone() {
		return false
	}
	p := c.pend
	if p == nil || len(p.ends) == 0 {
		return true
	}
	c.pend = nil
	c.largest = max(c.largest, min(len(p.buf), maxBurstBytes))
	c.queued.Add(int64(len(p.ends)))
	select {
	case c.q <- p:
		return true
	default: // not reached while every burst holds a message
		c.kill("too slow: send queue full")
		return false
	}
}

// sendLast queues the last messages and then finish. finishing is set
// first, so whoever sees the agent leave after it read them knows the end
// was sent.
func (c *conn) sendLast(msgs ...out) {
	c.finishing.Store(true)
	for _, m := range msgs {
		if !c.send(m.msg, m.said) {
			return
		}
	}
	c.finish()
}

// finish hands over what is collected and asks the writer to close the
// connection normally once everything queued is sent.
func (c *conn) finish() {
	c.finishing.Store(true)
	if !c.flush() {
		return
	}
	select {
	case c.q <- nil:
	default:
		c.kill("too slow: send queue full")
	}
}

// kill drops the connection at once.
func (c *conn) kill(reason string) {
	c.once.Do(func() {
		close(c.quit)
		c.t.abort(reason)
	})
}

// gone reports whether the connection was dropped.
func (c *conn) gone() bool {
	select {
	case <-c.quit:
		return true
	default:
		return false
	}
}

// writeLoop drains the queue until the connection ends, one burst at a
// time.
func (c *conn) writeLoop(ctx context.Context, timeout time.Duration) {
	defer close(c.wrote)
	for {
		select {
		case <-c.quit:
			return
		case <-ctx.Done():
			c.kill("server shutting down")
			return
		case b := <-c.q:
			if b == nil {
				c.finished = true
				c.t.finish("match over")
				c.kill("match over")
				return
			}
			c.queued.Add(-int64(len(b.ends)))
			if err := c.t.writeBatch(ctx, timeout, b); err != nil {
				c.kill("write failed")
				return
			}
			if cap(b.buf) <= maxKeptBatch {
				b.buf, b.ends, b.said = b.buf[:0], b.ends[:0], b.said[:0]
				select {
				case c.free <- b:
				default:
				}
			}
		}
	}
}

// wsTransport is a WebSocket connection: one message per text frame.
type wsTransport struct{ c *websocket.Conn }

func (w wsTransport) read(ctx context.Context) ([]byte, bool, error) {
	typ, data, err := w.c.Read(ctx)
	return data, typ == websocket.MessageText, err
}

func (w wsTransport) write(ctx context.Context, data []byte) error {
	return w.c.Write(ctx, websocket.MessageText, data)
}

// writeBatch writes one text frame per message, each within timeout.
func (w wsTransport) writeBatch(ctx context.Context, timeout time.Duration, b *batch) error {
	return b.each(func(msg []byte) error {
		wctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return w.write(wctx, msg)
	})
}

// reasonUnauthorized closes a connection whose hello had a wrong token.
const reasonUnauthorized = "unauthorized"

func (w wsTransport) finish(reason string) {
	code := websocket.StatusNormalClosure
	if reason == reasonUnauthorized {
		code = websocket.StatusPolicyViolation
	}
	_ = w.c.Close(code, reason)
}

func (w wsTransport) abort(reason string) { _ = w.c.CloseNow() }

// lineTransport is a JSON Lines stream: one message per line.
type lineTransport struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

// errLineTooLong reports a line over MaxMessageBytes.
var errLineTooLong = errors.New("line longer than 1 MiB")

func (l *lineTransport) read(context.Context) ([]byte, bool, error) {
	var buf []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > MaxMessageBytes+1 {
			return nil, true, errLineTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(bytes.TrimSpace(buf)) > 0 {
				return bytes.TrimSpace(buf), true, nil
			}
			return nil, true, err
		}
		line := bytes.TrimSpace(buf)
		if len(line) == 0 {
			buf = buf[:0]
			continue // blank lines carry nothing
		}
		return line, true, nil
	}
}

func (l *lineTransport) write(_ context.Context, data []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	line := make([]byte, 0, len(data)+1)
	line = append(append(line, data...), '\n')
	_, err := l.w.Write(line)
	return err
}

// writeBatch writes all of b's lines with a single Write. A Write to a
// plain io.Writer cannot be interrupted: timeout does not apply (a stuck
// agent is dropped when its queue fills, and abort closes w).
func (l *lineTransport) writeBatch(_ context.Context, _ time.Duration, b *batch) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.w.Write(b.buf)
	return err
}

func newLineTransport(r io.Reader, w io.Writer) *lineTransport {
	// Lines longer than the buffer are read in pieces (read).
	return &lineTransport{r: bufio.NewReaderSize(r, 8<<10), w: w}
}

// finish and abort close the writing side when it can be closed (an
// agent's stdin then sees EOF, and a blocked write returns).
func (l *lineTransport) finish(string) { l.closeW() }
func (l *lineTransport) abort(string)  { l.closeW() }

func (l *lineTransport) closeW() {
	if c, ok := l.w.(io.Closer); ok {
		_ = c.Close()
	}
}
