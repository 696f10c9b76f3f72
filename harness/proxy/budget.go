package proxy

import (
	"context"
	"sync"
	"time"
)

// DefaultJudgeShare is the share of one core's time the judges of the
// relayed WebSocket connections may take together (Options.JudgeShare).
const DefaultJudgeShare = 0.5

// judgeBurst is the judging time the budget lets accumulate while idle.
const judgeBurst = 50 * time.Millisecond

// budget paces the judges: together they may spend share of the wall
// clock judging (time measured on the wall clock, which counts a judge
// the scheduler set aside as busy: under a starved CPU the judges slow
// down first). A judge out of budget waits; its connection's queue fills
// and the relay counts what it could not queue as unjudged, so that the
// traffic never waits for the judge.
type budget struct {
	share float64

	mu     sync.Mutex
	tokens time.Duration
	last   time.Time
}

func newBudget(share float64) *budget {
	return &budget{share: share, tokens: judgeBurst, last: time.Now()}
}

// wait returns when the judges have budget left, or at once when ctx is
// done (a closing relay judges what is queued without pacing).
func (b *budget) wait(ctx context.Context) {
	for {
		b.mu.Lock()
		now := time.Now()
		b.tokens += time.Duration(float64(now.Sub(b.last)) * b.share)
		b.last = now
		if b.tokens > judgeBurst {
			b.tokens = judgeBurst
		}
		deficit := -b.tokens
		b.mu.Unlock()
		if deficit < 0 || ctx.Err() != nil {
			return
		}
		t := time.NewTimer(time.Duration(float64(deficit)/b.share) + time.Millisecond)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
}

// spend takes d of judging time from the budget.
func (b *budget) spend(d time.Duration) {
	b.mu.Lock()
	b.tokens -= d
	b.mu.Unlock()
}
