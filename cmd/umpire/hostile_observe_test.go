package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
)

// The ways observePad pads an answer.
const (
	padBlanks = iota // blanks: still the same JSON value
	padField         // one long string field the suite reads around
	padEvents        // small events appended to observation.events
)

// observePad makes every answer to observe of the wrapped server about n
// bytes long, padded the given way.
func observePad(target string, n int, how int) http.Handler {
	u, _ := url.Parse(target)
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		if !strings.HasSuffix(resp.Request.URL.Path, "/observe") || resp.StatusCode != http.StatusOK {
			return nil
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		body = bytes.TrimRight(body, " \n")
		end := len(body) - 1
		switch {
		case end < 1 || body[end] != '}' || len(body) >= n:
		case how == padField:
			pad := append([]byte(`,"umpirePadding":"`), bytes.Repeat([]byte("x"), max(0, n-len(body)-20))...)
			body = append(append(append(body[:end:end], pad...), '"'), '}')
		case how == padBlanks:
			body = append(append(body[:end:end], bytes.Repeat([]byte(" "), n-len(body))...), '}')
		default:
			// Before the events' closing bracket, events of their own
			// (seq far past the match's, each distinct).
			at := bytes.Index(body, []byte(`"events":[`))
			if at < 0 {
				break
			}
			at += len(`"events":[`)
			var pad bytes.Buffer
			for seq := 1 << 30; pad.Len() < n-len(body); seq++ {
				fmt.Fprintf(&pad, `{"seq":%d,"type":"turn_start","seat":0},`, seq)
			}
			body = append(append(append([]byte(nil), body[:at]...), pad.Bytes()...), body[at:]...)
			if bytes.HasPrefix(body[at+pad.Len():], []byte("]")) {
				body = append(body[:at+pad.Len()-1], body[at+pad.Len():]...) // no trailing comma
			}
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		resp.ContentLength = int64(len(body))
		resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	return rp
}

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
	for how, name := range []string{padBlanks: "blanks", padField: "field", padEvents: "events"} {
		t.Run(name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			e, err := conform.StartEmbedded(harness.GameBangArena, nil)
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(observePad(e.URL, 8<<20-200<<10, how))
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
