package certifyside

import (
	"errors"
	"io"
	"sync"
)

// inbox carries the driver's lines to the embedded Inference server's seat
// transport: the reading end of its JSON Lines stream. A line the driver
// sends is handed over as it is, through a buffered channel, instead of
// through a goroutine writing it into a pipe whose every write waits for
// the reader.
type inbox struct {
	lines chan []byte
	// rest is the unread part of the line being read (reader only).
	rest []byte
	// done is closed by stop: nobody reads any more.
	done     chan struct{}
	once     sync.Once
	stopOnce sync.Once
}

// inboxDepth is how many lines may wait unread before send blocks.
const inboxDepth = 64

func newInbox() *inbox {
	return &inbox{lines: make(chan []byte, inboxDepth), done: make(chan struct{})}
}

// errInboxStopped answers a read or send once the reader stopped.
var errInboxStopped = errors.New("certify: the seat inbox is closed")

// send queues line (a message without its line end, which the inbox adds,
// in line's spare capacity when it has some; it keeps line, the caller must
// not change it). It blocks while
// inboxDepth lines wait, until the reader stops; after close it panics, as
// a send on a closed channel does.
func (b *inbox) send(line []byte) {
	select {
	case b.lines <- append(line, '\n'):
	case <-b.done:
	}
}

// close ends the stream: the reader gets the lines sent, then io.EOF.
func (b *inbox) close() { b.once.Do(func() { close(b.lines) }) }

// stop tells senders that nobody reads any more; a read after it fails.
func (b *inbox) stop() { b.stopOnce.Do(func() { close(b.done) }) }

// Read reads the lines sent, in order; io.EOF after close.
func (b *inbox) Read(p []byte) (int, error) {
	if len(b.rest) == 0 {
		select {
		case <-b.done:
			return 0, errInboxStopped
		default:
		}
		select {
		case line, ok := <-b.lines:
			if !ok {
				return 0, io.EOF
			}
			b.rest = line
		case <-b.done:
			return 0, errInboxStopped
		}
	}
	n := copy(p, b.rest)
	b.rest = b.rest[n:]
	return n, nil
}
