package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
)

// heartbeatEvery is how often a long wait is reported on a terminal.
const heartbeatEvery = 5 * time.Second

// heartbeat tells a person what a run waits for and how long it has waited,
// so a silent target does not look like a hung umpire: on a terminal every
// few seconds, in a pipe (a CI log) after a long silence (the caller's
// every).
type heartbeat struct {
	mu    sync.Mutex
	w     io.Writer
	every time.Duration
	what  string
	since time.Time
	quit  chan struct{}
	done  chan struct{}
}

func newHeartbeatEvery(w io.Writer, on bool, every time.Duration) *heartbeat {
	h := &heartbeat{w: w, every: every}
	if !on {
		return h
	}
	h.quit, h.done = make(chan struct{}), make(chan struct{})
	go h.loop()
	return h
}

// waiting names what the run now waits for ("" when nothing).
func (h *heartbeat) waiting(what string) {
	h.mu.Lock()
	h.what, h.since = what, time.Now()
	h.mu.Unlock()
}

func (h *heartbeat) loop() {
	defer close(h.done)
	tick := time.NewTicker(h.every)
	defer tick.Stop()
	for {
		select {
		case <-h.quit:
			return
		case now := <-tick.C:
			h.mu.Lock()
			if h.what != "" && now.Sub(h.since) >= h.every {
				fmt.Fprintf(h.w, "      … waiting for: %s (%v)\n", inert.String(h.what), now.Sub(h.since).Round(time.Second))
			}
			h.mu.Unlock()
		}
	}
}

// stop ends the heartbeat.
func (h *heartbeat) stop() {
	if h.quit != nil {
		close(h.quit)
		<-h.done
	}
}
