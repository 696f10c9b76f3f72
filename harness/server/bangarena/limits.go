package bangarena

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Defaults of the bounds of Options.
const (
	// DefaultMaxDeadline caps deadlineMs of a room.
	DefaultMaxDeadline = 10 * time.Minute
	// DefaultIdleTimeout ends a room with agent seats that no request has
	// named for this long.
	DefaultIdleTimeout = 15 * time.Minute
	// DefaultKeepEnded is how long an ended room is kept for its log.
	DefaultKeepEnded = 15 * time.Minute
)

// ErrExpired is the cause of a room force-ended for idleness (see
// Options.IdleTimeout).
var ErrExpired = errors.New("bangarena server: room expired")

// limitsWithDefaults fills the bounds of opts.
func (o *Options) limitsWithDefaults() {
	if o.MaxDeadline <= 0 {
		o.MaxDeadline = DefaultMaxDeadline
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.KeepEnded == 0 {
		o.KeepEnded = DefaultKeepEnded
	}
}

// InProcessOptions sets the bounds of a server that only its own process
// reaches (certification, with budgets of its own): no cap on deadlines,
// no expiry; ended rooms go only when MaxRooms pushes them out.
func InProcessOptions(o Options) Options {
	o.MaxDeadline, o.IdleTimeout, o.KeepEnded = 1<<62, -1, -1
	return o
}

// lifetime is what the reaper knows of a room.
type lifetime struct {
	cancel context.CancelCauseFunc
	// active is the clock time (UnixNano) of the latest request naming the
	// room, or of its creation.
	active atomic.Int64
	// ended is when the reaper first saw the room ended (zero: not yet),
	// under Server.mu.
	ended time.Time
}

func (l *lifetime) touch(now time.Time) { l.active.Store(now.UnixNano()) }

// tooManyRooms is ErrTooManyRooms with the bound.
func (s *Server) tooManyRooms() error {
	return fmt.Errorf("%w: %d rooms are held, the bound max-rooms; retry once one has ended", ErrTooManyRooms, s.opts.MaxRooms)
}

// sweepLocked force-ends idle rooms and forgets ended ones kept longer
// than KeepEnded.
func (s *Server) sweepLocked(now time.Time) {
	keep := s.order[:0]
	for _, id := range s.order {
		r := s.rooms[id]
		if r == nil {
			continue
		}
		if !r.isEnded() {
			idle := now.Sub(time.Unix(0, r.life.active.Load()))
			if r.hasAgents() && s.opts.IdleTimeout > 0 && idle >= s.opts.IdleTimeout && r.life.cancel != nil {
				r.life.cancel(fmt.Errorf("%w: no request for %v (idle-timeout %v)", ErrExpired, idle.Round(time.Millisecond), s.opts.IdleTimeout))
			}
			keep = append(keep, id)
			continue
		}
		if r.life.ended.IsZero() {
			r.life.ended = now
		}
		if s.opts.KeepEnded > 0 && now.Sub(r.life.ended) >= s.opts.KeepEnded {
			delete(s.rooms, id)
			continue
		}
		keep = append(keep, id)
	}
	s.order = keep
}

// hasAgents reports whether a seat of the room is played over the wire.
func (r *room) hasAgents() bool {
	for i := range r.seats {
		if r.seats[i].agent { // fixed at creation
			return true
		}
	}
	return false
}

// sweepEvery is how often the reaper looks, in real time.
func (o *Options) sweepEvery() time.Duration {
	d := time.Second
	for _, b := range []time.Duration{o.IdleTimeout / 4, o.KeepEnded / 4} {
		if b > 0 && b < d {
			d = b
		}
	}
	return max(d, 5*time.Millisecond)
}

// reap runs until shutdown, sweeping the rooms now and then.
func (s *Server) reap() {
	defer s.wg.Done()
	t := time.NewTicker(s.opts.sweepEvery())
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		s.mu.Lock()
		s.sweepLocked(s.opts.Clock.Now())
		s.mu.Unlock()
	}
}

// Count returns the rooms held: running and ended (kept for their logs).
func (s *Server) Count() (running, ended int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, r := range s.rooms {
		if r.isEnded() {
			ended++
		} else {
			running++
		}
	}
	return running, ended
}
