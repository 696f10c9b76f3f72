package certify

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
)

// feed carries what the embedded Inference server writes on the agent
// seat's JSON Lines transport to the driver: each Write (the server writes
// one burst of whole lines at a time) is handed over as one block, without
// a pipe and a line reader copying it again in between. Lines are slices of
// the blocks, and a block's storage serves a later Write once the reader
// is past its last line: a line is valid until the next call of line (keep
// a copy of what must last longer).
type feed struct {
	blocks chan []byte
	// free holds blocks the reader is done with, for Write to fill again.
	free chan []byte
	// cur is the block the unread bytes are part of (nil when they are a
	// copy).
	cur    []byte
	eof    chan struct{} // closed by Close: no more writes
	done   chan struct{} // closed by stop: nobody reads any more
	once   sync.Once
	stopMu sync.Once
	rest   []byte // unread bytes of the blocks received
}

func newFeed() *feed {
	return &feed{blocks: make(chan []byte, 16), free: make(chan []byte, 4), eof: make(chan struct{}), done: make(chan struct{})}
}

// errFeedClosed answers a write after Close or once the reader stopped.
var errFeedClosed = errors.New("certify: the seat feed is closed")

// Write hands a copy of p to the reader. It blocks while 16 blocks wait
// unread, until the reader stops.
func (f *feed) Write(p []byte) (int, error) {
	select {
	case <-f.eof:
		return 0, errFeedClosed
	case <-f.done:
		return 0, errFeedClosed
	default:
	}
	var b []byte
	select {
	case b = <-f.free:
		b = append(b[:0], p...)
	default:
		b = bytes.Clone(p)
	}
	select {
	case f.blocks <- b:
		return len(p), nil
	case <-f.done:
		return 0, errFeedClosed
	}
}

// Close ends the feed: the reader gets what was written, then io.EOF.
func (f *feed) Close() error {
	f.once.Do(func() { close(f.eof) })
	return nil
}

// stop tells writers that nobody reads any more.
func (f *feed) stop() { f.stopMu.Do(func() { close(f.done) }) }

// buffered reports whether a whole line is ready without waiting.
func (f *feed) buffered() bool { return bytes.IndexByte(f.rest, '\n') >= 0 }

// line returns the next line (without its end; blank lines are skipped),
// waiting for the server's next block when none is ready. Errors: io.EOF
// after Close, ctx's error, or a line over the size cap.
func (f *feed) line(ctx context.Context) ([]byte, error) {
	for {
		if i := bytes.IndexByte(f.rest, '\n'); i >= 0 {
			ln := trimEOL(f.rest[:i])
			f.rest = f.rest[i+1:]
			if len(ln) == 0 {
				continue
			}
			return ln[:len(ln):len(ln)], nil
		}
		if len(f.rest) > maxMessage+2 {
			return nil, errors.New("a line over the size cap")
		}
		b, err := f.next(ctx)
		if err == io.EOF && len(f.rest) > 0 {
			ln := trimEOL(f.rest)
			f.rest = nil
			return ln, nil
		}
		if err != nil {
			return nil, err
		}
		// Every line of the current block has been read, and its last one
		// is no longer used (the caller is here again): its storage may
		// be written over.
		if len(f.rest) == 0 {
			f.recycle(f.cur)
			f.rest, f.cur = b, b
		} else {
			f.rest = append(bytes.Clone(f.rest), b...)
			f.recycle(f.cur)
			f.recycle(b)
			f.cur = nil
		}
	}
}

// maxFree is the largest block kept for a later Write.
const maxFree = 256 << 10

// recycle offers a block the reader is done with to the writer.
func (f *feed) recycle(b []byte) {
	if b == nil || cap(b) > maxFree {
		return
	}
	select {
	case f.free <- b:
	default:
	}
}

// next waits for the next block. Blocks written before Close always come
// before io.EOF.
func (f *feed) next(ctx context.Context) ([]byte, error) {
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
