package agent

import (
	"fmt"
	"sync"
)

// DefaultOutputCap is how much of an agent's stderr (or, in connect mode,
// its combined output) is kept: the last 64 KiB.
const DefaultOutputCap = 64 << 10

// tail is an io.Writer that keeps the last cap bytes written to it and counts
// the rest. It never fails and never grows past cap.
type tail struct {
	mu    sync.Mutex
	cap   int
	buf   []byte // ring of len cap once full
	start int    // index of the oldest byte when full
	total int64
}

func newTail(cap int) *tail {
	if cap <= 0 {
		cap = DefaultOutputCap
	}
	return &tail{cap: cap}
}

// Write keeps the last cap bytes of p and everything before it.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	t.total += int64(n)
	if len(p) >= t.cap {
		t.buf = append(t.buf[:0], p[len(p)-t.cap:]...)
		t.start = 0
		return n, nil
	}
	if room := t.cap - len(t.buf); room > 0 {
		k := min(room, len(p))
		t.buf = append(t.buf, p[:k]...)
		p = p[k:]
	}
	for len(p) > 0 { // full: overwrite the oldest bytes
		k := copy(t.buf[t.start:], p)
		p = p[k:]
		t.start = (t.start + k) % t.cap
	}
	return n, nil
}

// Bytes returns what is kept, oldest first, behind a marker line saying how
// many earlier bytes were dropped when there were any.
func (t *tail) Bytes() (b []byte, truncated bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	dropped := t.total - int64(len(t.buf))
	if dropped > 0 {
		b = fmt.Appendf(nil, "[umpire: %d earlier bytes dropped]\n", dropped)
	}
	b = append(b, t.buf[t.start:]...)
	b = append(b, t.buf[:t.start]...)
	return b, dropped > 0
}
