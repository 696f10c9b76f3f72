package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/umpire-arena/umpire/harness/server/lifetime"
)

// Defaults of Limits.
const (
	DefaultMaxMatches         = 64
	DefaultMaxRounds          = 1000
	DefaultMaxDeadline        = 10 * time.Minute
	DefaultMaxStartingCredits = 1_000_000
	DefaultMaxAnte            = 1_000_000
	DefaultIdleTimeout        = 15 * time.Minute
	DefaultKeepFinished       = 15 * time.Minute
	DefaultMaxFinished        = 256
)

// Limits bound what one match may ask and what the server holds at once,
// so that a server exposed on a network cannot be made to work or grow
// without end. Zero fields take the defaults; the bounds apply to every
// creation, over HTTP and through CreateMatch alike.
type Limits struct {
	// MaxMatches caps the matches not yet over held at once (default
	// DefaultMaxMatches); a creation beyond it is refused, to be retried.
	MaxMatches int
	// MaxRounds caps a match's rounds (DefaultMaxRounds).
	MaxRounds int
	// MaxDeadline caps a match's turn deadline (DefaultMaxDeadline).
	MaxDeadline time.Duration
	// MaxStartingCredits caps starting_credits (DefaultMaxStartingCredits).
	MaxStartingCredits int
	// MaxAnte caps the ante and the step of its ramp (DefaultMaxAnte).
	MaxAnte int
	// IdleTimeout ends a match with agent seats when no agent has said or
	// sent anything for this long — none joined, or all went silent — and
	// closes a WebSocket that sends nothing for this long (default
	// DefaultIdleTimeout; negative: never).
	IdleTimeout time.Duration
	// KeepFinished is how long a finished match is kept for its log
	// (default DefaultKeepFinished; negative: until MaxFinished pushes it
	// out).
	KeepFinished time.Duration
	// MaxFinished caps the finished matches kept; the oldest go first
	// (DefaultMaxFinished).
	MaxFinished int
}

func (l Limits) withDefaults() Limits {
	if l.MaxMatches <= 0 {
		l.MaxMatches = DefaultMaxMatches
	}
	if l.MaxRounds <= 0 {
		l.MaxRounds = DefaultMaxRounds
	}
	if l.MaxDeadline <= 0 {
		l.MaxDeadline = DefaultMaxDeadline
	}
	if l.MaxStartingCredits <= 0 {
		l.MaxStartingCredits = DefaultMaxStartingCredits
	}
	if l.MaxAnte <= 0 {
		l.MaxAnte = DefaultMaxAnte
	}
	if l.IdleTimeout == 0 {
		l.IdleTimeout = DefaultIdleTimeout
	}
	if l.KeepFinished == 0 {
		l.KeepFinished = DefaultKeepFinished
	}
	if l.MaxFinished <= 0 {
		l.MaxFinished = DefaultMaxFinished
	}
	return l
}

// LimitError is a creation refused by a bound of Limits. Bound names it
// as `umpire serve` spells its flag (max-rounds, max-matches, ...).
type LimitError struct {
	Bound string
	// Limit is the bound's value and Asked what the request asked, both
	// as text.
	Limit, Asked string
	// Busy marks a bound on what the server holds at once (retry later),
	// not on the request itself.
	Busy bool
}

func (e *LimitError) Error() string {
	if e.Busy {
		return fmt.Sprintf("inference server: %s matches are running, the bound %s; retry once one is over", e.Limit, e.Bound)
	}
	return fmt.Sprintf("inference server: %s is over the server's bound %s = %s", e.Asked, e.Bound, e.Limit)
}

// ErrExpired is the cause of a match ended for idleness (see
// Limits.IdleTimeout).
var ErrExpired = errors.New("inference server: match expired")

// check refuses a spec beyond the bounds.
func (l Limits) check(spec MatchSpec) error {
	over := func(bound string, limit, asked any, what string) error {
		return &LimitError{Bound: bound, Limit: fmt.Sprint(limit), Asked: fmt.Sprintf("%s %v", what, asked)}
	}
	switch {
	case spec.Rounds > l.MaxRounds:
		return over("max-rounds", l.MaxRounds, spec.Rounds, "rounds")
	case spec.DeadlineMS > int(l.MaxDeadline/time.Millisecond):
		return over("max-deadline", l.MaxDeadline, spec.DeadlineMS, "deadline_ms")
	case spec.StartingCredits > l.MaxStartingCredits:
		return over("max-credits", l.MaxStartingCredits, spec.StartingCredits, "starting_credits")
	case spec.Ante != nil && *spec.Ante > l.MaxAnte:
		return over("max-ante", l.MaxAnte, *spec.Ante, "ante")
	case spec.AnteRamp != nil && spec.AnteRamp.Step > l.MaxAnte:
		return over("max-ante", l.MaxAnte, spec.AnteRamp.Step, "ante_ramp.step")
	}
	return nil
}

func isDone(m *match) bool {
	select {
	case <-m.done:
		return true
	default:
		return false
	}
}

// admitLocked makes room for one more match: it stamps and drops finished
// matches as the bounds say, and refuses when MaxMatches are running.
func (s *Server) admitLocked(now time.Time) error {
	s.sweepLocked(now)
	live := 0
	for _, m := range s.matches {
		if !isDone(m) {
			live++
		}
	}
	if live >= s.limits.MaxMatches {
		return &LimitError{Bound: "max-matches", Limit: fmt.Sprint(s.limits.MaxMatches), Busy: true}
	}
	return nil
}

// sweepLocked expires idle matches and forgets finished ones past
// KeepFinished or beyond MaxFinished (the oldest first).
func (s *Server) sweepLocked(now time.Time) {
	var finished []*match
	for id, m := range s.matches {
		if !isDone(m) {
			if m.agentSeats > 0 {
				m.life.Expire(now, s.limits.IdleTimeout, ErrExpired, "agent activity")
			}
			continue
		}
		if over := m.life.MarkEnded(now); s.limits.KeepFinished > 0 && over >= s.limits.KeepFinished {
			delete(s.matches, id)
			continue
		}
		finished = append(finished, m)
	}
	if extra := len(finished) - s.limits.MaxFinished; extra > 0 {
		slices.SortFunc(finished, func(a, b *match) int { return a.life.Ended.Compare(b.life.Ended) })
		for _, m := range finished[:extra] {
			delete(s.matches, m.id)
		}
	}
}

// reap runs until shutdown, sweeping the matches now and then.
func (s *Server) reap() {
	lifetime.Reap(s.ctx, lifetime.SweepEvery(s.limits.IdleTimeout, s.limits.KeepFinished), &s.mu, s.clock.Now, s.sweepLocked)
}

// Count returns the matches held: running and finished (kept for their
// logs).
func (s *Server) Count() (running, finished int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.matches {
		if isDone(m) {
			finished++
		} else {
			running++
		}
	}
	return running, finished
}

// readCtx bounds one WebSocket read by the idle timeout.
func (s *Server) readCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.limits.IdleTimeout > 0 {
		return context.WithTimeout(ctx, s.limits.IdleTimeout)
	}
	return ctx, func() {}
}

// InProcessLimits are the limits of a server that only its own process
// reaches (certification drives its matches through CreateMatch and
// RunStdio, forgets them itself and has budgets of its own): no caps on
// counts or sizes beyond the rules', no expiry.
func InProcessLimits() Limits {
	const huge = 1 << 30
	return Limits{MaxMatches: huge, MaxRounds: huge, MaxDeadline: 1 << 62, MaxStartingCredits: huge, MaxAnte: huge,
		IdleTimeout: -1, KeepFinished: -1, MaxFinished: huge}
}
