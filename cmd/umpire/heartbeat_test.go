package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestHeartbeat(t *testing.T) {
	var out lockedBuffer
	h := newHeartbeatEvery(&out, true, 20*time.Millisecond)
	h.waiting("the \x1b[31mslow check")
	time.Sleep(120 * time.Millisecond)
	h.waiting("")
	h.stop()
	got := out.String()
	if !strings.Contains(got, `waiting for: the \u001b[31mslow check`) || strings.Contains(got, "\x1b") {
		t.Errorf("heartbeat printed %q, want the escaped name of what it waits for", got)
	}
	var off lockedBuffer
	h = newHeartbeatEvery(&off, false, time.Millisecond)
	h.waiting("x")
	time.Sleep(10 * time.Millisecond)
	h.stop()
	if off.String() != "" {
		t.Errorf("a heartbeat off a terminal printed %q", off.String())
	}
}

// TestConformHangingAPI: a server that answers GET / but never answers its
// API ends the run quickly as an error, not after every check's budget:
// the preflight's create request finds it, in a plain sentence.
func TestConformHangingAPI(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			return
		}
		_, _ = io.Copy(io.Discard, r.Body) // so the server sees the client go
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	}))
	defer srv.Close()
	for _, game := range []string{"inference", "bangarena"} {
		t.Run(game, func(t *testing.T) {
			start := time.Now()
			code, out, errOut := runUmpire(t, "", "conform", "--game", game, "--target", srv.URL, "--create", "--request-timeout", "200ms", "--check-timeout", "2s")
			took := time.Since(start)
			// The preflight's create finds it before any check.
			if code != exitError || !strings.Contains(errOut, "creating through the harness extension failed") || !strings.Contains(errOut, "no answer within 200ms") || strings.Contains(errOut, "context deadline exceeded") {
				t.Fatalf("exit %d, want %d and the suite given up\n%s%s", code, exitError, out, errOut)
			}
			if took > 10*time.Second {
				t.Errorf("the run took %v", took)
			}
		})
	}
}

// TestConformWaitsAloudInAPipe: a conform run whose console is a pipe says
// what it waits for once nothing was printed for quietEvery (before: only
// the per-check lines, nothing during a check of minutes), on the console
// and not in a report sent to standard output.
func TestConformWaitsAloudInAPipe(t *testing.T) {
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, quietEvery: 50 * time.Millisecond}
	code := run(context.Background(), e, []string{"conform", "--game", "inference", "--embedded", "--check", "inference: every message validates against the schemas"})
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "… waiting for: inference: every message validates against the schemas") {
		t.Errorf("nothing said what the run waits for:\n%s", out.String())
	}
}
