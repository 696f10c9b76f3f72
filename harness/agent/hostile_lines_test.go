package agent

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Hostile output on every adapter (issue 15): a line of 1 GiB, or output
// that never ends its line, gets a clear Flood verdict as soon as it
// crosses the cap, in memory bounded by the cap — never a wait for the
// deadline, never memory that grows with the output.

// hostileDeadline is far above the time the verdict may take, so a test
// that reached it shows the adapter waited instead of judging.
const hostileDeadline = 60 * time.Second

// promptly is how soon the verdict must come.
const promptly = 20 * time.Second

// allocDuring returns the bytes allocated while f ran (all goroutines).
func allocDuring(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// memoryBound is what an adapter may allocate for one hostile line: a
// constant plus the largest line allowed (the cap), with room for the
// test's own machinery.
func memoryBound(cap int) uint64 { return uint64(16<<20 + 4*cap) }

func TestProcessHostileLines(t *testing.T) {
	const cap = 1 << 20
	// The ask waits for an answer after the over-cap line up to its
	// deadline, skipping the line in bounded memory; at the deadline the
	// verdict is a flood (never a wait for the line's end).
	tests := []struct {
		name, command string
		answer        string
		deadline      time.Duration
	}{
		// Writing 1 GiB through a pipe takes a few seconds on a loaded
		// machine: the deadline leaves room for it.
		{"a 1 GiB line, then an answer", `read x; head -c 1073741824 /dev/zero | tr '\0' a; echo; echo '{"ok":1}'; sleep 60`, `{"ok":1}`, hostileDeadline},
		{"a 1 GiB line that never ends", `read x; head -c 1073741824 /dev/zero | tr '\0' a; sleep 60`, "", 3 * time.Second},
		{"endless output without a line ending", `read x; tr '\0' a </dev/zero`, "", 3 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: tc.command, MaxLine: cap})
			var r Reply
			var err error
			t0 := time.Now()
			grew := allocDuring(func() { r, err = p.Ask(context.Background(), `{"type":"ping"}`, tc.deadline) })
			took := time.Since(t0)
			if len(r.Before) != 1 || r.Before[0].Kind != Oversize || len(r.Before[0].Bytes) != evidenceBytes {
				t.Errorf("lines %+v, want one oversize line with its first bytes", r.Before)
			}
			if took > tc.deadline+promptly {
				t.Errorf("the verdict took %v, deadline %v", took, tc.deadline)
			}
			if grew > memoryBound(cap) {
				t.Errorf("allocated %d bytes, want at most %d", grew, memoryBound(cap))
			}
			if tc.answer != "" {
				if err != nil || string(r.Answer.Bytes) != tc.answer {
					t.Errorf("Ask = %q, %v; want the answer after the line", r.Answer.Bytes, err)
				}
				p.Close(0)
				return
			}
			if TerminationOf(err) != Flood {
				t.Fatalf("verdict %v after %v, want flood", err, took)
			}
			if !strings.Contains(err.Error(), "cap") {
				t.Errorf("verdict %q does not name the cap", err)
			}
			if grew > memoryBound(cap) {
				t.Errorf("allocated %d bytes, want at most %d", grew, memoryBound(cap))
			}
			p.Close(0)
		})
	}
}

func TestRelayHostileLine(t *testing.T) {
	const cap = 1 << 20
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `read x; tr '\0' a </dev/zero`, MaxLine: cap})
	serverR, relayW := io.Pipe()
	relayR, serverW := io.Pipe()
	fakeServer(serverW, serverR, []string{string(fixture(t, "inference_your_turn.json"))}, map[int]bool{0: true}, true)
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	var err error
	t0 := time.Now()
	grew := allocDuring(func() { err = p.Relay(ctx, relayR, relayW, nil) })
	if TerminationOf(err) != Flood {
		t.Fatalf("Relay = %v after %v, want flood", err, time.Since(t0))
	}
	if took := time.Since(t0); took > promptly {
		t.Errorf("the verdict took %v", took)
	}
	if grew > memoryBound(cap) {
		t.Errorf("allocated %d bytes, want at most %d", grew, memoryBound(cap))
	}
}

func TestHTTPHostileBody(t *testing.T) {
	const cap = 1 << 20
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An answer that never ends (until the client leaves).
		chunk := []byte(strings.Repeat("a", 64<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	a, err := NewHTTP(HTTPSpec{URL: srv.URL, MaxBody: cap})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var r Reply
	t0 := time.Now()
	grew := allocDuring(func() { r, err = a.Ask(context.Background(), map[string]any{"type": "ping"}, hostileDeadline) })
	if TerminationOf(err) != Flood {
		t.Fatalf("verdict %v after %v, want flood", err, time.Since(t0))
	}
	if took := time.Since(t0); took > promptly {
		t.Errorf("the verdict took %v", took)
	}
	if len(r.Before) != 1 || r.Before[0].Kind != Oversize || len(r.Before[0].Bytes) > evidenceBytes {
		t.Errorf("lines %+v, want one oversize body with its first bytes", r.Before)
	}
	if grew > memoryBound(cap) {
		t.Errorf("allocated %d bytes, want at most %d", grew, memoryBound(cap))
	}
}

func TestConnectHostileOutput(t *testing.T) {
	const keep = 64 << 10
	w := watchLeaks(t)
	var c *Connected
	var err error
	var exit Exit
	grew := allocDuring(func() {
		c, err = StartConnect(context.Background(), ConnectSpec{Command: `head -c 268435456 /dev/zero | tr '\0' a`, OutputCap: keep,
			Game: "inference", URL: "http://127.0.0.1:1", ID: "m-1", Seat: 0, Token: "t"})
		if err != nil {
			return
		}
		w.track(c.PID())
		select {
		case <-c.Done():
		case <-time.After(hostileDeadline):
		}
		exit, err = c.Close(0)
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(exit.Output); n > keep+128 {
		t.Errorf("kept %d bytes of output, want the last %d and a marker", n, keep)
	}
	if !strings.Contains(string(exit.Output), "earlier bytes dropped") {
		t.Errorf("the output does not say that bytes were dropped")
	}
	if grew > memoryBound(keep) {
		t.Errorf("allocated %d bytes for 256 MiB of output, want at most %d", grew, memoryBound(keep))
	}
}
