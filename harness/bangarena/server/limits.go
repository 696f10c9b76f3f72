package server

import (
	"errors"
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/server/lifetime"
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
			if r.hasAgents() {
				r.life.Expire(now, s.opts.IdleTimeout, ErrExpired, "request")
			}
			keep = append(keep, id)
			continue
		}
		if over := r.life.MarkEnded(now); s.opts.KeepEnded > 0 && over >= s.opts.KeepEnded {
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

// reap runs until shutdown, sweeping the rooms now and then.
func (s *Server) reap() {
	defer s.wg.Done()
	lifetime.Reap(s.ctx, lifetime.SweepEvery(s.opts.IdleTimeout, s.opts.KeepEnded), &s.mu, s.opts.Clock.Now, s.sweepLocked)
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
