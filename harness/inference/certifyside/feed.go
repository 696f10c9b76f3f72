package certifyside

import (
	"context"
	"errors"
	"io"
	"sync"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// feed carries what the embedded Inference server sends the agent's seat
// to the driver through the server's in-process door (RunInProcess): each
// burst is handed over as one block, its messages with what each says
// (infsrv.Sent, from the values the server encoded), so the driver reads
// no byte of them; a message the burst does not say (one a dialect
// rewrote) is read from its bytes (infsrv.ReadSent). A block's storage
// serves a later burst once the reader is past its last message: a message
// is valid until the next call of next (keep a copy of what must last
// longer).
type feed struct {
	blocks chan *block
	// free holds blocks the reader is done with, for Deliver to fill again.
	free chan *block
	// cur is the block being read, at its message i.
	cur    *block
	i      int
	eof    chan struct{} // closed by Close: no more bursts
	done   chan struct{} // closed by stop: nobody reads any more
	once   sync.Once
	stopMu sync.Once
}

// block is one burst of the server's.
type block struct {
	lines []byte
	ends  []int
	said  []infsrv.Sent // nil: not said
}

func newFeed() *feed {
	return &feed{blocks: make(chan *block, 16), free: make(chan *block, 4), eof: make(chan struct{}), done: make(chan struct{})}
}

// errFeedClosed answers a burst after Close or once the reader stopped.
var errFeedClosed = errors.New("certify: the seat feed is closed")

// Deliver hands a copy of b to the reader (infsrv.Outbox). It blocks
// while 16 blocks wait unread, until the reader stops.
func (f *feed) Deliver(b infsrv.Burst) error {
	select {
	case <-f.eof:
		return errFeedClosed
	case <-f.done:
		return errFeedClosed
	default:
	}
	var k *block
	select {
	case k = <-f.free:
	default:
		k = &block{}
	}
	k.lines = append(k.lines[:0], b.Lines...)
	k.ends = append(k.ends[:0], b.Ends...)
	said := k.said[:0]
	k.said = nil
	if b.Said != nil {
		k.said = append(said, b.Said...)
	}
	select {
	case f.blocks <- k:
		return nil
	case <-f.done:
		return errFeedClosed
	}
}

// Close ends the feed: the reader gets what was delivered, then io.EOF.
func (f *feed) Close() error {
	f.once.Do(func() { close(f.eof) })
	return nil
}

// stop tells the server that nobody reads any more.
func (f *feed) stop() { f.stopMu.Do(func() { close(f.done) }) }

// buffered reports whether a message is ready without waiting.
func (f *feed) buffered() bool { return f.cur != nil && f.i < len(f.cur.ends) }

// next returns the next message (without its line end) and what it says
// (nil when the burst did not say), waiting for the server's next burst
// when none is ready. Errors: io.EOF after Close, or ctx's error.
func (f *feed) next(ctx context.Context) ([]byte, *infsrv.Sent, error) {
	for f.cur == nil || f.i >= len(f.cur.ends) {
		b, err := f.wait(ctx)
		if err != nil {
			return nil, nil, err
		}
		// Every message of the current block has been read, and its last
		// one is no longer used (the caller is here again): its storage
		// may be written over.
		f.recycle(f.cur)
		f.cur, f.i = b, 0
	}
	b, i := f.cur, f.i
	f.i++
	start := 0
	if i > 0 {
		start = b.ends[i-1]
	}
	msg := trimEOL(b.lines[start:b.ends[i]])
	var said *infsrv.Sent
	if b.said != nil && b.said[i].Type != "" {
		said = &b.said[i]
	}
	return msg[:len(msg):len(msg)], said, nil
}

// maxFree is the largest block kept for a later burst.
const maxFree = 256 << 10

// recycle offers a block the reader is done with to the writer.
func (f *feed) recycle(b *block) {
	if b == nil || cap(b.lines) > maxFree {
		return
	}
	select {
	case f.free <- b:
	default:
	}
}

// wait waits for the next block. Blocks delivered before Close always
// come before io.EOF.
func (f *feed) wait(ctx context.Context) (*block, error) {
	select {
	case b := <-f.blocks:
		return b, nil
	default:
	}
	select {
	case b := <-f.blocks:
		return b, nil
	case <-f.eof:
		select {
		case b := <-f.blocks:
			return b, nil
		default:
			return nil, io.EOF
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
