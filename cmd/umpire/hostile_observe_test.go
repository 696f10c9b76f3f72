package main

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/internal/hostile"
)

// heapWatch samples the live heap (after a collection) every 50 ms until
// stopped and keeps the peak.
type heapWatch struct {
	stop chan struct{}
	done sync.WaitGroup
	peak uint64
}

func watchHeap() *heapWatch {
	h := &heapWatch{stop: make(chan struct{})}
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		var ms runtime.MemStats
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			h.peak = max(h.peak, ms.HeapAlloc)
			select {
			case <-h.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

func (h *heapWatch) Stop() uint64 {
	close(h.stop)
	h.done.Wait()
	return h.peak
}

// observeHeapLimit is what conform's heap may reach against a server whose
// every observe answer is just under the 8 MiB read cap: a constant, far
// below what keeping every answer (or a fixed number of them) would take.
const observeHeapLimit = 256 << 20

// TestConformPaddedObservesBoundedMemory points conform at a BangArena
// server whose answers to observe are padded to just under the 8 MiB read
// cap. Keeping each answer whole (the transcript, the decisions seen, the
// decoded request's raw fields) took 1.24 GB in 9 s and died out of
// memory with no report. The heap stays under observeHeapLimit, the run
// ends and its report is written.
func TestConformPaddedObservesBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("moves gigabytes over loopback")
	}
	for _, how := range []hostile.Padding{hostile.Blanks, hostile.Field, hostile.Events} {
		t.Run(how.String(), func(t *testing.T) {
			before := runtime.NumGoroutine()
			e, err := conform.StartEmbedded(harness.GameBangArena, nil)
			if err != nil {
				t.Fatal(err)
			}
			h, err := hostile.ObserveProxy(e.URL, func(body []byte) []byte { return hostile.Pad(body, 8<<20-200<<10, how) })
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			// Nothing of the run, the server or the proxy is left behind
			// (the rooms it created would play on into the next test).
			defer func() {
				srv.Close()
				if err := e.Close(); err != nil {
					t.Error(err)
				}
				for end := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(end); {
					time.Sleep(50 * time.Millisecond)
				}
				if n := runtime.NumGoroutine(); n > before {
					t.Errorf("%d goroutines left behind", n-before)
				}
			}()
			dir := t.TempDir()
			runtime.GC()
			w := watchHeap()
			var errb bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			code := run(ctx, &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb},
				[]string{"conform", "--game", harness.GameBangArena, "--target", srv.URL, "--create",
					"--budget", "-1s", "--timeout", "60s", "--report-dir", dir})
			peak := w.Stop()
			t.Logf("exit %d, heap peak %.0f MiB", code, float64(peak)/(1<<20))
			if peak > observeHeapLimit {
				t.Errorf("heap peaked at %d MiB (limit %d MiB)", peak>>20, observeHeapLimit>>20)
			}
			report, err := os.ReadFile(filepath.Join(dir, "report.json"))
			if err != nil {
				t.Fatalf("no report written (exit %d): %v\n%s", code, err, errb.String())
			}
			// The rooms are given up with a reason that says why, and the
			// run cannot conclude (exit 3).
			if code != exitError || !bytes.Contains(report, []byte("passed the 32 MiB umpire keeps of one room")) {
				t.Errorf("exit %d (want %d); the report names the room's budget: %v", code, exitError, bytes.Contains(report, []byte("32 MiB")))
			}
		})
	}
}
