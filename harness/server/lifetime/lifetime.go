package lifetime

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Lifetime is what the reaper knows of one match or room.
type Lifetime struct {
	// Cancel ends the match or room with a cause (set at creation).
	Cancel context.CancelCauseFunc
	// active is the clock time (UnixNano) of the latest activity, or of
	// the creation.
	active atomic.Int64
	// Ended is when the reaper first saw it over (zero: not yet); guarded
	// by the server's lock, like the sweep.
	Ended time.Time
}

// Touch records activity at now.
func (l *Lifetime) Touch(now time.Time) { l.active.Store(now.UnixNano()) }

// Expire ends the match or room with a cause wrapping expired when nothing
// has touched it for idleTimeout (0 or less: never). what names the
// activity in the cause ("agent activity", "request"). It reports whether
// it expired.
func (l *Lifetime) Expire(now time.Time, idleTimeout time.Duration, expired error, what string) bool {
	idle := now.Sub(time.Unix(0, l.active.Load()))
	if idleTimeout <= 0 || idle < idleTimeout || l.Cancel == nil {
		return false
	}
	l.Cancel(fmt.Errorf("%w: no %s for %v (idle-timeout %v)", expired, what, idle.Round(time.Millisecond), idleTimeout))
	return true
}

// MarkEnded records now as the end when none is recorded yet, and returns
// how long it has been over.
func (l *Lifetime) MarkEnded(now time.Time) time.Duration {
	if l.Ended.IsZero() {
		l.Ended = now
	}
	return now.Sub(l.Ended)
}

// SweepEvery is how often the reaper looks, in real time: a quarter of the
// shortest positive bound, at most a second and at least 5 ms.
func SweepEvery(bounds ...time.Duration) time.Duration {
	d := time.Second
	for _, b := range bounds {
		if b /= 4; b > 0 && b < d {
			d = b
		}
	}
	return max(d, 5*time.Millisecond)
}

// Reap calls sweep with the clock's time, under mu, every period until ctx
// is done.
func Reap(ctx context.Context, period time.Duration, mu sync.Locker, now func() time.Time, sweep func(now time.Time)) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		mu.Lock()
		sweep(now())
		mu.Unlock()
	}
}
