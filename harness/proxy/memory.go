package proxy

import (
	"fmt"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Budgets of what the relay holds of the traffic, for the whole run, so
// that however many rooms and seats a permissive server lets agents open,
// and however big their messages, memory stays bounded.
const (
	// DefaultWindowBytes is the budget of the transcript windows of every
	// match still running (the last messages of each seat) and of what
	// a game's judge keeps of them (Match.Take: decoded event caches,
	// seats' streams); past it, messages are
	// kept as a note of their size and caches dropped (judging goes on,
	// slower).
	DefaultWindowBytes = 64 << 20
)

// transcriptBudget is a shared byte budget, safe for concurrent use: the
// run's transcripts (spent for good) and the live windows and caches
// (given back when a message leaves its window or a match ends).
type transcriptBudget struct {
	mu   sync.Mutex
	left int64
}

// take reserves n bytes; false (nothing reserved) when fewer are left.
func (b *transcriptBudget) take(n int) bool {
	if b == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if int64(n) > b.left {
		return false
	}
	b.left -= int64(n)
	return true
}

// give returns n bytes taken before.
func (b *transcriptBudget) give(n int) {
	if b == nil || n == 0 {
		return
	}
	b.mu.Lock()
	b.left += int64(n)
	b.mu.Unlock()
}

// messageBytes is what a transcript message holds.
func messageBytes(ms ...reports.Message) int {
	n := 0
	for _, m := range ms {
		n += len(m.Body) + len(m.Text) + 64
	}
	return n
}

// budgetNote is the transcript message that stands for messages the
// transcript budget could not hold.
func budgetNote(dir reports.Direction, at time.Time, seat int, bytes int) reports.Message {
	return reports.Message{Dir: dir, At: at, Seat: rules.IntPtr(seat),
		Text: fmt.Sprintf("umpire: %d bytes of messages not kept (the run's transcript budget is spent)", bytes)}
}
