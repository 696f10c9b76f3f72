package agent

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"
)

// Direction says which way a relayed line went.
type Direction string

// The directions of Relay.
const (
	// FromServer: a line the server wrote, sent to the agent.
	FromServer Direction = "server->agent"
	// FromAgent: a line the agent wrote, passed to the server.
	FromAgent Direction = "agent->server"
)

// Relay joins the agent to a server that speaks JSON Lines over a pair of
// streams, such as the embedded Inference server's stdio mode: every line
// read from fromServer is sent to the agent, every line the agent writes is
// written to toServer, which judges them (a line that is not JSON is passed
// on too; the server answers it). observe, when not nil, is called from
// Relay's goroutines, one call at a time, with every line in both
// directions and its arrival time, for transcripts, findings and latencies.
//
// Relay returns nil when fromServer ends (the server is done with the
// agent). Otherwise it returns the agent's verdict: Crash or Disconnect when
// its output ends, Flood for a line over the cap or, counting only the lines
// beyond one per server line, more than Spec.FloodLines within
// Spec.FloodWindow, a HarnessError or Hang when ctx ends (cancelled, or its
// deadline — the match budget — passed). On return both streams are closed
// and no goroutine of Relay is left; the agent keeps running until Close.
func (p *Process) Relay(ctx context.Context, fromServer io.ReadCloser, toServer io.WriteCloser, observe func(Direction, Line)) error {
	if observe == nil {
		observe = func(Direction, Line) {}
	}
	var obsMu sync.Mutex
	see := func(d Direction, l Line) {
		obsMu.Lock()
		defer obsMu.Unlock()
		observe(d, l)
	}
	// Each server line entitles the agent to one line (credits, capped at
	// FloodLines): only lines beyond that count towards the flood limit, so
	// a fast match is not mistaken for a flood.
	var credMu sync.Mutex
	credits := 0
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var closeOnce sync.Once
	closeStreams := func() {
		closeOnce.Do(func() {
			fromServer.Close()
			toServer.Close()
		})
	}
	// A write to the server or a read from it that blocks must not outlive
	// the relay.
	stopClose := context.AfterFunc(rctx, closeStreams)
	defer stopClose()
	defer closeStreams()

	pumpErr := make(chan error, 1)
	go func() {
		defer cancel()
		err := splitLines(fromServer, p.spec.MaxLine, time.Now, func(l Line) bool {
			see(FromServer, l)
			credMu.Lock()
			credits = min(credits+1, p.spec.FloodLines)
			credMu.Unlock()
			if l.Kind == Oversize {
				return true // cannot be passed on whole; the server's own bug
			}
			sctx, scancel := rctx, context.CancelFunc(func() {})
			if p.spec.Watchdog > 0 {
				sctx, scancel = context.WithTimeout(rctx, p.spec.Watchdog)
			}
			err := p.write(sctx, withNewline(l.Bytes))
			scancel()
			if err != nil {
				pumpErr <- err
				return false
			}
			return true
		})
		if err != nil && rctx.Err() == nil && !errors.Is(err, io.ErrClosedPipe) {
			pumpErr <- errorf(HarnessError, "relay", err, "reading the server's stream failed")
		}
		close(pumpErr)
	}()
	result := func(err error) error {
		cancel()
		closeStreams()
		if perr, ok := <-pumpErr; ok && err == nil {
			err = perr
		}
		return err
	}
	for {
		l, err := p.Receive(rctx)
		if err != nil {
			if l.Kind == Oversize {
				see(FromAgent, l)
			}
			if TerminationOf(err) == Disconnect {
				// An agent that exits on match_end may beat the end of the
				// server's stream by a hair: give the stream time to end.
				t := time.NewTimer(p.spec.ExitWait)
				select {
				case <-rctx.Done():
				case <-t.C:
				}
				t.Stop()
			}
			switch {
			case rctx.Err() != nil && ctx.Err() == nil:
				// The server's stream ended (or sending to the agent
				// failed): that is the outcome, not this wait.
				return result(nil)
			case errors.Is(ctx.Err(), context.DeadlineExceeded):
				return result(errorf(Hang, "relay", ctx.Err(), "the match budget ran out"))
			}
			return result(relabel(err, "relay"))
		}
		see(FromAgent, l)
		credMu.Lock()
		solicited := credits > 0
		if solicited {
			credits--
		}
		credMu.Unlock()
		if !solicited {
			if err := p.noteExtra(l); err != nil {
				return result(relabel(err, "relay"))
			}
		}
		if _, err := toServer.Write(withNewline(l.Bytes)); err != nil {
			if rctx.Err() != nil && ctx.Err() == nil {
				return result(nil)
			}
			return result(errorf(HarnessError, "relay", err, "writing to the server failed"))
		}
	}
}

// withNewline returns a new slice holding b and a line ending.
func withNewline(b []byte) []byte {
	out := make([]byte, len(b)+1)
	copy(out, b)
	out[len(b)] = '\n'
	return out
}
