package certify

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestJudgePooledCopies: a judge that logs copies of messages whose
// storage the driver reuses (sentCopy), in storage passed from match to
// match, keeps every finding and transcript as sent, however the driver's
// buffer and the pooled storage are written over afterwards.
func TestJudgePooledCopies(t *testing.T) {
	cat := rules.Default()
	var pool sync.Pool
	big := func(i int) string { return fmt.Sprintf(`{"n":%d,"pad":"%s"}`, i, strings.Repeat("x", pooledMin)) }
	type kept struct {
		want string
		got  func() string
	}
	var checks []kept
	for match := range 3 {
		j := newJudge(cat, GameBangArena, "s", 0)
		j.bufs = &pool
		buf := []byte{}
		at := time.Unix(0, 0)
		for i := range 100 {
			buf = append(buf[:0], big(i)...)
			j.sentCopy(at, buf)
			j.received(at, []byte(fmt.Sprintf(`{"answer":%d}`, i)))
			if i%37 == 5 {
				j.Fail(CheckLegal, rules.Where{}, "x", "y", "z")
				fs := j.findings[CheckLegal]
				f := fs[len(fs)-1]
				last := f.Transcript[len(f.Transcript)-2]
				checks = append(checks, kept{big(i), func() string { return string(last.Body) }})
			}
		}
		// The driver's buffer written over: the log is unchanged.
		copy(buf, bytes.Repeat([]byte("#"), len(buf)))
		if got := string(j.log[len(j.log)-2].raw); got != big(99) {
			t.Fatalf("match %d: the log's last message changed with the driver's buffer: %.40s", match, got)
		}
		tr := j.transcript()
		j.release()
		if string(tr[len(tr)-2].Body) != big(99) {
			t.Fatalf("match %d: the transcript changed when the log was released", match)
		}
	}
	for _, c := range checks {
		if got := c.got(); got != c.want {
			t.Fatalf("a finding's transcript changed once its storage was reused: %.40s, want %.40s", got, c.want)
		}
	}
	// Storage went back to the pool and came out again.
	if bp, _ := pool.Get().(*[]byte); bp == nil || cap(*bp) < pooledMin {
		t.Fatal("nothing pooled after the matches")
	}
}
