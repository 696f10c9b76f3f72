package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"
)

// runUmpire runs the command line with args and stdin (not a terminal)
// and returns the exit code and both streams.
func runUmpire(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runEnv(t, stdin, false, func(e *env) int { return run(context.Background(), e, args) })
}

// runEnv calls f with an env whose stdout and stderr are captured; tty
// says whether stdout passes for a terminal.
func runEnv(t testing.TB, stdin string, tty bool, f func(e *env) int) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, isTerminal: tty}
	code = f(e)
	return code, out.String(), errb.String()
}

// checkStreams reports a test error when stdout lacks one of wantOut (in
// that order) or stderr one of wantErr (in any order).
func checkStreams(t testing.TB, stdout, stderr string, wantOut, wantErr []string) {
	t.Helper()
	rest := stdout
	for _, w := range wantOut {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Errorf("stdout lacks %q (in order); have:\n%s", w, stdout)
			break
		}
		rest = rest[i+len(w):]
	}
	for _, w := range wantErr {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q; have:\n%s", w, stderr)
		}
	}
}

// readFixture reads a test data file, failing the test when it cannot.
func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// syncBuffer is a bytes.Buffer one goroutine writes while another reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
