//go:build unix

package agent

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name, line string
		want       LineKind
	}{
		{"object", `{"type":"move"}`, Object},
		{"object with spaces", "  {\"a\": [1, 2]}\t", Object},
		{"empty", "", Blank},
		{"spaces", " \t ", Blank},
		{"array", `[1,2]`, NotObject},
		{"string", `"call"`, NotObject},
		{"number", `42`, NotObject},
		{"null", `null`, NotObject},
		{"truncated object", `{"a":`, NotJSON},
		{"two objects", `{}{}`, NotJSON},
		{"text", `call`, NotJSON},
		{"invalid UTF-8", "{\"a\":\"\xff\"}", NotJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Classify([]byte(tc.line)); got != tc.want {
				t.Errorf("Classify(%q) = %s, want %s", tc.line, got, tc.want)
			}
		})
	}
}

func split(t testing.TB, in string, max int) []Line {
	var got []Line
	err := splitLines(strings.NewReader(in), max, time.Now, func(l Line) bool { got = append(got, l); return true })
	if err != nil {
		t.Fatalf("splitLines: %v", err)
	}
	return got
}

func TestSplitLines(t *testing.T) {
	long := strings.Repeat("a", 100)
	tests := []struct {
		name  string
		in    string
		max   int
		want  []string // Kind:Size:Bytes
		wantN int
	}{
		{name: "two lines", in: "{}\n[1]\n", want: []string{"object:2:{}", "not_object:3:[1]"}},
		{name: "no final newline", in: "{}\n{\"a\":1}", want: []string{"object:2:{}", `object:7:{"a":1}`}},
		{name: "CRLF", in: "{}\r\n", want: []string{"object:2:{}"}},
		{name: "blank lines", in: "\n \n", want: []string{"blank:0:", "blank:1:"}},
		{name: "at the cap", in: long[:10] + "\n", max: 10, want: []string{"not_json:10:aaaaaaaaaa"}},
		{name: "over the cap", in: long + "\n{}\n", max: 10, want: []string{"oversize:100:" + long[:10], "object:2:{}"}},
		{name: "over the cap at the end", in: long, max: 10, want: []string{"oversize:100:" + long[:10]}},
		{name: "empty input", in: "", want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var have []string
			for i, l := range split(t, tc.in, tc.max) {
				have = append(have, fmt.Sprintf("%s:%d:%s", l.Kind, l.Size, l.Bytes))
				if l.Seq != i+1 {
					t.Errorf("line %d has Seq %d", i+1, l.Seq)
				}
			}
			if fmt.Sprint(have) != fmt.Sprint(tc.want) {
				t.Errorf("have %q\nwant %q", have, tc.want)
			}
		})
	}
}

func TestSplitLinesKeepsMemoryBounded(t *testing.T) {
	// 10 MiB on one line, read through a reader that returns half of what
	// is asked: one oversize line with 256 bytes of evidence, reported when
	// it crossed the cap, then the next line as usual.
	in := strings.Repeat("z", 10<<20) + "\n{}\n"
	var got []Line
	err := splitLines(iotest.HalfReader(strings.NewReader(in)), 1<<20, time.Now, func(l Line) bool { got = append(got, l); return true })
	if err != nil || len(got) != 2 || got[0].Kind != Oversize || got[0].Size <= 1<<20 || len(got[0].Bytes) != evidenceBytes || got[1].Kind != Object || got[1].Seq != 2 {
		t.Fatalf("got %d lines, err %v; want one oversize line and one object", len(got), err)
	}
}

// endless is a reader of endless output without a line ending (counting
// what was read), as an agent that never ends its line writes it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	e.n += int64(len(p))
	return len(p), nil
}

// A line that never ends is reported as soon as it crosses the cap, in
// memory bounded by the cap: the reader neither waits for its end nor
// grows with it.
func TestSplitLinesEndlessLine(t *testing.T) {
	const max = 1 << 20
	src := &endless{}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	done := make(chan Line, 1)
	go func() {
		_ = splitLines(src, max, time.Now, func(l Line) bool { done <- l; return false })
		close(done)
	}()
	select {
	case l := <-done:
		if l.Kind != Oversize || l.Size <= max || len(l.Bytes) != evidenceBytes {
			t.Fatalf("first line %s of %d bytes (%d kept), want an oversize line over %d", l.Kind, l.Size, len(l.Bytes), max)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no line reported from endless output without a line ending")
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8*max {
		t.Errorf("allocated %d bytes to read %d bytes of one line, want at most %d", grew, src.n, 8*max)
	}
}

func TestSplitLinesStopsAndReportsErrors(t *testing.T) {
	n := 0
	splitLines(strings.NewReader("{}\n{}\n{}\n"), 0, time.Now, func(Line) bool { n++; return n < 2 })
	if n != 2 {
		t.Errorf("emit called %d times after returning false at 2", n)
	}
	boom := errors.New("boom")
	var got []Line
	err := splitLines(iotest.ErrReader(boom), 0, time.Now, func(l Line) bool { got = append(got, l); return true })
	if !errors.Is(err, boom) || len(got) != 0 {
		t.Errorf("splitLines(failing reader) = %v with %d lines, want boom and none", err, len(got))
	}
}

// FuzzSplitLines feeds arbitrary agent output to the line splitter: it must
// not panic, every line must respect the cap, and the lines must add up to
// the input.
func FuzzSplitLines(f *testing.F) {
	for _, s := range []string{"{}\n", "{\"a\":1}\r\n[1]\n\n", "x\x00y\n", strings.Repeat("a", 70) + "\n{}", "\xff\xfe\n"} {
		f.Add([]byte(s), 16)
	}
	f.Fuzz(func(t *testing.T, in []byte, max int) {
		if max < 1 || max > 1<<16 {
			max = 64
		}
		total := 0
		err := splitLines(bytes.NewReader(in), max, time.Now, func(l Line) bool {
			if len(l.Bytes) > max || (l.Kind == Oversize) != (l.Size > max) {
				t.Fatalf("line %+v breaks the cap %d", l, max)
			}
			if l.Kind != Oversize && l.Kind != Classify(l.Bytes) {
				t.Fatalf("line %q has kind %s, Classify says %s", l.Bytes, l.Kind, Classify(l.Bytes))
			}
			total += l.Size
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if newlines := bytes.Count(in, []byte("\n")); total > len(in)-newlines {
			t.Fatalf("lines hold %d bytes, input has %d besides newlines", total, len(in)-newlines)
		}
	})
}

func TestTail(t *testing.T) {
	tests := []struct {
		name   string
		cap    int
		writes []string
		want   string
		trunc  bool
	}{
		{"under the cap", 8, []string{"ab", "cd"}, "abcd", false},
		{"exactly the cap", 4, []string{"ab", "cd"}, "abcd", false},
		{"wraps", 4, []string{"abc", "def"}, "[umpire: 2 earlier bytes dropped]\ncdef", true},
		{"wraps twice", 3, []string{"ab", "cd", "ef", "g"}, "[umpire: 4 earlier bytes dropped]\nefg", true},
		{"one big write", 3, []string{"abcdefgh"}, "[umpire: 5 earlier bytes dropped]\nfgh", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newTail(tc.cap)
			for _, w := range tc.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			got, trunc := b.Bytes()
			if string(got) != tc.want || trunc != tc.trunc {
				t.Errorf("have %q (%v), want %q (%v)", got, trunc, tc.want, tc.trunc)
			}
		})
	}
}

func FuzzTail(f *testing.F) {
	f.Add([]byte("hello world"), 4, 3)
	f.Fuzz(func(t *testing.T, data []byte, cap, chunk int) {
		if cap < 1 || cap > 1<<12 || chunk < 1 {
			return
		}
		b := newTail(cap)
		for rest := data; len(rest) > 0; {
			k := min(chunk, len(rest))
			b.Write(rest[:k])
			rest = rest[k:]
		}
		got, trunc := b.Bytes()
		want := data
		if len(data) > cap {
			want = data[len(data)-cap:]
		}
		if !bytes.HasSuffix(got, want) || trunc != (len(data) > cap) || (!trunc && len(got) != len(data)) {
			t.Fatalf("tail(%q, cap %d, chunks of %d) = %q, %v", data, cap, chunk, got, trunc)
		}
	})
}

func TestTerminationOf(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want Termination
	}{
		{"nil", nil, OK},
		{"classified", errorf(Flood, "ask", nil, "x"), Flood},
		{"wrapped", fmt.Errorf("match 3: %w", errorf(Crash, "ask", nil, "x")), Crash},
		{"plain", errors.New("boom"), HarnessError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := TerminationOf(tc.err); got != tc.want {
				t.Errorf("TerminationOf(%v) = %s, want %s", tc.err, got, tc.want)
			}
		})
	}
	seen := map[Termination]bool{}
	for _, term := range Terminations() {
		if seen[term] {
			t.Errorf("termination %s listed twice", term)
		}
		seen[term] = true
		if term.AgentFault() != (term != OK && term != HarnessError) {
			t.Errorf("%s.AgentFault() = %v", term, term.AgentFault())
		}
	}
	if len(seen) != 9 {
		t.Errorf("%d terminations, want the 9 distinct codes", len(seen))
	}
}

func TestErrorQuotesAgentText(t *testing.T) {
	e := errorf(Malformed, "ask", nil, "first: %s", quote([]byte("<script>\x1b[31m"+strings.Repeat("x", 200))))
	s := e.Error()
	if strings.ContainsAny(s, "\x1b\n") || !strings.Contains(s, `\x1b[31m`) || !strings.Contains(s, "(213 bytes)") || len(s) > 250 {
		t.Errorf("Error() = %q: want agent text escaped and shortened", s)
	}
	if !strings.HasPrefix(s, "agent ask: malformed: ") {
		t.Errorf("Error() = %q, want it to start with the op and verdict", s)
	}
}

func TestExitTermination(t *testing.T) {
	tests := []struct {
		name string
		exit Exit
		want Termination
	}{
		{"exit 0", Exit{Code: 0, Forced: ForceNone}, OK},
		{"exit 2", Exit{Code: 2, Forced: ForceNone}, Crash},
		{"own signal", Exit{Code: -1, Signal: "segmentation fault", Forced: ForceNone}, Crash},
		{"obeyed SIGTERM", Exit{Code: -1, Signal: "terminated", Forced: ForceTerm}, OK},
		{"failed on SIGTERM", Exit{Code: 1, Forced: ForceTerm}, Crash},
		{"needed SIGKILL", Exit{Code: -1, Signal: "killed", Forced: ForceKill}, Hang},
		{"cancelled", Exit{Code: -1, Signal: "killed", Forced: ForceCancel}, HarnessError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.exit.Termination(); got != tc.want {
				t.Errorf("%v: Termination() = %s, want %s", tc.exit, got, tc.want)
			}
		})
	}
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		name, stat string
		state      byte
		ppid, pgrp int
		ok         bool
	}{
		{"plain", "123 (sleep) S 1 123 123 0", 'S', 1, 123, true},
		{"spaces and parens in the name", "9 (a (b) c) Z 7 8 8 0", 'Z', 7, 8, true},
		{"truncated", "9 (x) R", 0, 0, 0, false},
		{"no name", "garbage", 0, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			state, ppid, pgrp, ok := parseStat([]byte(tc.stat))
			if state != tc.state || ppid != tc.ppid || pgrp != tc.pgrp || ok != tc.ok {
				t.Errorf("parseStat(%q) = %c %d %d %v, want %c %d %d %v", tc.stat, state, ppid, pgrp, ok, tc.state, tc.ppid, tc.pgrp, tc.ok)
			}
		})
	}
}
