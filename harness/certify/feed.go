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
// the blocks, which are never reused, so the judge may keep them.
type feed struct {
	blocks chan []byte
	eof    chan struct{} // closed by Close: no more writes
	done   chan struct{} // closed by stop: nobody reads any more
	once   sync.Once
	stopMu sync.Once
	rest   []byte // unread bytes of the blocks received
}

func newFeed() *feed {
	return &feed{blocks: make(chan []byte, 16), eof: make(chan struct{}), done: make(chan struct{})}
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
	select {
	case f.blocks <- bytes.Clone(p):
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
		if len(f.rest) == 0 {
			f.rest = b
		} else {
			f.rest = append(bytes.Clone(f.rest), b...)
		}
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
