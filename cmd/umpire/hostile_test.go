package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
)

// blankLines is an io.Reader of n newlines that samples the heap as it is
// read, keeping the peak of HeapAlloc.
type blankLines struct {
	left int
	line []byte
	peak uint64
	ms   runtime.MemStats
}

func newLines(n int, line string) *blankLines { return &blankLines{left: n, line: []byte(line + "\n")} }

func (b *blankLines) Read(p []byte) (int, error) {
	runtime.ReadMemStats(&b.ms)
	b.peak = max(b.peak, b.ms.HeapAlloc)
	if b.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for b.left > 0 && n+len(b.line) <= len(p) {
		n += copy(p[n:], b.line)
		b.left--
	}
	return n, nil
}

// heapLimit is what the bounded-memory tests allow the heap to reach: a
// constant, far below what keeping one finding per line would take.
const heapLimit = 48 << 20

// runOn runs the command line with stdin from r and returns the exit code
// and both streams (stdout's first and last 32 KiB, and its line count).
func runOn(t *testing.T, r io.Reader, args ...string) (code int, stdout string, lines int, stderr string) {
	t.Helper()
	var errb bytes.Buffer
	out := &endsWriter{max: 32 << 10}
	e := &env{stdin: r, stdout: out, stderr: &errb}
	runtime.GC()
	code = run(context.Background(), e, args)
	return code, out.head.String() + "\n…\n" + string(out.tail), out.lines, errb.String()
}

// endsWriter keeps the first and the last max bytes written and counts
// the lines.
type endsWriter struct {
	head  bytes.Buffer
	tail  []byte
	max   int
	lines int
}

func (h *endsWriter) Write(p []byte) (int, error) {
	h.lines += bytes.Count(p, []byte("\n"))
	if room := h.max - h.head.Len(); room > 0 {
		h.head.Write(p[:min(room, len(p))])
	}
	h.tail = append(h.tail, p...)
	if len(h.tail) > 2*h.max {
		h.tail = append(h.tail[:0], h.tail[len(h.tail)-h.max:]...)
	}
	return len(p), nil
}

// TestVerifyBlankLinesBoundedMemory feeds verify 8 Mi blank lines: each
// is a finding (MUST with --strict: the line format is a WIRE.md pin), and
// keeping them all took gigabytes. The findings past rules.MaxKeptPerRule
// are counted and the output says so; the heap stays under heapLimit.
func TestVerifyBlankLinesBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 8 MiB")
	}
	const n = 8 << 20
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			in := newLines(n, "")
			code, out, lines, stderr := runOn(t, in, "verify", "--strict", "--game", "inference", "--format", format, "-")
			if code != exitFail {
				t.Fatalf("exit %d, want %d\n%s", code, exitFail, stderr)
			}
			if in.peak > heapLimit {
				t.Errorf("heap peaked at %d MiB (limit %d MiB)", in.peak>>20, heapLimit>>20)
			}
			if lines > 2*rules.MaxKeptPerRule+20 {
				t.Errorf("%d lines of output: findings are not capped", lines)
			}
			want := fmt.Sprintf("%s more findings of rule inference/protocol.log-line, not kept", rules.Thousands(n-rules.MaxKeptPerRule))
			if format == "json" {
				want = fmt.Sprintf(`"count":%d`, n-rules.MaxKeptPerRule)
			}
			if !strings.Contains(out, want) {
				t.Errorf("the output does not say %q", want)
			}
			t.Logf("%s: heap peak %.1f MiB, %d lines of output", format, float64(in.peak)/(1<<20), lines)
		})
	}
}

// TestValidateBoundedMemory feeds validate 64 MiB of blank lines (read
// whole, it took all of it and more) and 2 Mi lines that are not JSON: the
// heap stays under heapLimit and the repeated violations are counted,
// not printed.
func TestValidateBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	for _, game := range []string{harness.GameInference, harness.GameBangArena} {
		t.Run(game+"/blank", func(t *testing.T) {
			in := newLines(64<<20, "")
			code, out, _, stderr := runOn(t, in, "validate", "--game", game, "-")
			if code != exitFail || !strings.Contains(out, "<stdin>:1: (root): empty input") {
				t.Fatalf("exit %d, want %d and empty input\n%s%s", code, exitFail, out, stderr)
			}
			if in.peak > heapLimit {
				t.Errorf("heap peaked at %d MiB (limit %d MiB)", in.peak>>20, heapLimit>>20)
			}
			t.Logf("heap peak %.1f MiB", float64(in.peak)/(1<<20))
		})
	}
	t.Run("bad lines", func(t *testing.T) {
		const n = 2 << 20
		in := newLines(n, "x")
		code, _, lines, stderr := runOn(t, in, "validate", "--game", harness.GameInference, "-")
		if code != exitFail {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		if in.peak > heapLimit {
			t.Errorf("heap peaked at %d MiB (limit %d MiB)", in.peak>>20, heapLimit>>20)
		}
		if lines != rules.MaxKeptPerRule+1 {
			t.Errorf("%d lines of output, want %d", lines, rules.MaxKeptPerRule+1)
		}
		want := fmt.Sprintf("%d message(s) read, %d invalid", n, n)
		if !strings.Contains(stderr, want) || !strings.Contains(stderr, rules.Thousands(n-rules.MaxKeptPerRule)+" violation(s) not printed") {
			t.Errorf("stderr lacks the counts:\n%s", stderr)
		}
	})
}
