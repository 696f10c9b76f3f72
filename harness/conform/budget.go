package conform

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/reports"
)

// RunBudget is the default budget of a whole run of checks on t: the sum of
// the checks' own bounds (each check's timeout, which already holds the
// time it may play on for rare situations, and the grace Run gives a check
// past it) and a minute. A run whose checks keep to their bounds never
// meets it, however slow the target within them; it ends a run in which
// something waits past every bound. (A correct BangArena peer under
// --create takes about two minutes; the budget of that run is over half an
// hour.)
func RunBudget(t *Target, checks []Check) time.Duration {
	d := time.Minute
	for _, c := range checks {
		d += c.TimeoutOf(t) + abandonGrace
	}
	return d
}

// ErrRunBudget is the cause of a run's context that its budget ended
// (WithRunBudget): the checks not carried out by then say so.
var ErrRunBudget = errors.New("the run's budget ran out")

// WithRunBudget returns ctx bounded by the run's budget d (none when d is
// 0), its cause saying so.
func WithRunBudget(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, fmt.Errorf("%w (%v)", ErrRunBudget, d))
}

// notRunReason is the reason of a check the run did not carry out because
// ctx ended: "interrupted" (Ctrl-C, SIGTERM), or the run's budget.
func notRunReason(ctx context.Context) string {
	if c := context.Cause(ctx); errors.Is(c, ErrRunBudget) {
		return "not run: " + c.Error()
	}
	return "interrupted"
}

// abandonGrace is how long past its bound a check may take to end before
// Run gives it up: its result is an Error, and the run goes on without
// waiting for it (a wait of a check that no context ends must not hold the
// run forever).
const abandonGrace = 10 * time.Second

// runAbandoning runs the check within its context and abandonGrace past
// its end.
func runAbandoning(ctx context.Context, t *Target, c Check) Result {
	done := make(chan Result, 1)
	go func() { done <- runGuarded(ctx, t, c) }()
	select {
	case res := <-done:
		return res
	case <-ctx.Done():
	}
	timer := time.NewTimer(abandonGrace)
	defer timer.Stop()
	select {
	case res := <-done:
		return res
	case <-timer.C:
		return Result{Status: reports.Error, Reason: fmt.Sprintf("the check did not end within %v of its bound (%v); given up", abandonGrace, context.Cause(ctx)), Err: ctx.Err()}
	}
}
