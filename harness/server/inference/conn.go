package inference

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
	// finish closes the connection normally after the last message.
	finish(reason string)
	// abort closes the connection at once.
	abort(reason string)
}

// conn is an agent attached to a seat. Messages for it go through a bounded
// queue drained by its own writer goroutine, so a slow agent never blocks
// its match: when the queue is full the connection is dropped.
type conn struct {
	seat int
	// authed: the transport is authenticated by construction (stdio), so a
	// hello needs no token.
	authed bool
	t      transport
	q      chan []byte
	quit   chan struct{}
	once   sync.Once
	// wrote is closed when the writer goroutine has ended.
	wrote chan struct{}
	// finished is set (before wrote is closed) when the writer ended after
	// sending everything, at the end of the match.
	finished bool
	// finishing is set when the last message has been queued.
	finishing atomic.Bool
}

func newConn(seat int, t transport, queue int, authed bool) *conn {
	return &conn{seat: seat, authed: authed, t: t, q: make(chan []byte, queue), quit: make(chan struct{}), wrote: make(chan struct{})}
}

// send queues msg; it reports false (and drops the connection) when the
// queue is full or the connection is gone.
func (c *conn) send(msg []byte) bool {
	select {
	case <-c.quit:
		return false
	default:
	}
	select {
	case c.q <- msg:
		return true
	default:
		c.kill("too slow: send queue full")
		return false
	}
}

// sendLast queues the last messages and then finish. finishing is set
// first, so whoever sees the agent leave after it read them knows the end
// was sent.
func (c *conn) sendLast(msgs ...[]byte) {
	c.finishing.Store(true)
	for _, m := range msgs {
		if !c.send(m) {
			return
		}
	}
	c.finish()
}

// finish asks the writer to close the connection normally once everything
// queued is sent.
func (c *conn) finish() {
	c.finishing.Store(true)
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

// writeLoop drains the queue until the connection ends.
func (c *conn) writeLoop(ctx context.Context, timeout time.Duration) {
	defer close(c.wrote)
	for {
		select {
		case <-c.quit:
			return
		case <-ctx.Done():
			c.kill("server shutting down")
			return
		case msg := <-c.q:
			if msg == nil {
				c.finished = true
				c.t.finish("match over")
				c.kill("match over")
				return
			}
			wctx, cancel := context.WithTimeout(ctx, timeout)
			err := c.t.write(wctx, msg)
			cancel()
			if err != nil {
				c.kill("write failed")
				return
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

func newLineTransport(r io.Reader, w io.Writer) *lineTransport {
	return &lineTransport{r: bufio.NewReaderSize(r, 64<<10), w: w}
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
