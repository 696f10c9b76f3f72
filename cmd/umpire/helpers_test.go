package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
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
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, isTerminal: tty, agentWindow: 500 * time.Millisecond}
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

// cliCase is one run of the command line in a table test: the exit code
// it must give, substrings its stdout must hold in order, substrings of
// its stderr, and optionally what stdout must not hold, that it must be
// empty, or how many lines it must have.
type cliCase struct {
	name       string
	args       []string
	stdin      string
	wantCode   int
	wantOut    []string // substrings of stdout, in order
	wantErr    []string // substrings of stderr
	notOut     []string // must not appear in stdout
	notErr     []string // must not appear in stderr
	wantNoOut  bool     // stdout must be empty
	wantOutLen int      // number of stdout lines, when > 0
}

// runCases runs each case as a subtest, its args after prefix.
func runCases(t *testing.T, prefix []string, tests []cliCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string(nil), prefix...), tc.args...)
			code, out, errOut := runUmpire(t, tc.stdin, args...)
			if code != tc.wantCode {
				t.Errorf("exit code: have %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.wantCode, out, errOut)
			}
			checkStreams(t, out, errOut, tc.wantOut, tc.wantErr)
			for _, w := range tc.notOut {
				if strings.Contains(out, w) {
					t.Errorf("stdout has %q\nstdout:\n%s", w, out)
				}
			}
			for _, w := range tc.notErr {
				if strings.Contains(errOut, w) {
					t.Errorf("stderr has %q\nstderr:\n%s", w, errOut)
				}
			}
			if tc.wantNoOut && out != "" {
				t.Errorf("want no stdout, have:\n%s", out)
			}
			if tc.wantOutLen > 0 {
				if n := strings.Count(out, "\n"); n != tc.wantOutLen {
					t.Errorf("have %d stdout lines, want %d:\n%s", n, tc.wantOutLen, out)
				}
			}
		})
	}
}

// TestFlagsAfterFiles: flags may follow file arguments; after "--" every
// argument is a file.
func TestFlagsAfterFiles(t *testing.T) {
	for _, tc := range []struct {
		name      string
		args      []string
		wantFiles []string
		wantFmt   string
	}{
		{"flags first", []string{"--format", "json", "a.jsonl"}, []string{"a.jsonl"}, "json"},
		{"flag after a file", []string{"a.jsonl", "--format", "json", "b.jsonl"}, []string{"a.jsonl", "b.jsonl"}, "json"},
		{"stdin then a flag", []string{"-", "--format=json"}, []string{"-"}, "json"},
		{"after -- all are files", []string{"a", "--", "--format", "x"}, []string{"a", "--format", "x"}, "text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &env{stdout: io.Discard, stderr: io.Discard}
			fs := newFlagSet(e, "x", "")
			format := fs.String("format", "text", "")
			if _, ok := parseFlags(fs, tc.args); !ok {
				t.Fatal("parse failed")
			}
			if !slices.Equal(fs.Args(), tc.wantFiles) || *format != tc.wantFmt {
				t.Errorf("files %q format %q, want %q %q", fs.Args(), *format, tc.wantFiles, tc.wantFmt)
			}
		})
	}
}

func TestVersionAndHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"--version"}, exitOK, "umpire "},
		{[]string{"help", "verify"}, exitOK, "Usage: umpire verify"},
		{[]string{"help", "nope"}, exitUsage, "unknown command"},
	} {
		code, out, errOut := runUmpire(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.out) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", tc.args, code, tc.code, tc.out, out, errOut)
		}
	}
}
