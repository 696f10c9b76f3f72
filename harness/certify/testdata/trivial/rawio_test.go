//go:build !http

package main

import (
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestRawIO: rawIn reads what a non-blocking pipe is given, waiting in
// the poller while it is empty, and ends with io.EOF when the writer
// closes; rawOut writes everything it is given, waiting in the poller
// while the pipe is full: a write many times a pipe's buffer, with a
// collection forced while it waits for the reader, completes (a raw write
// blocked on a full pipe would hold its thread where the runtime cannot
// stop it, and the collection, and the reader behind it, would wait for
// ever).
func TestRawIO(t *testing.T) {
	r, w, err := os.Pipe() // both ends non-blocking, as the agent makes its own
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rc, err := r.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	wc, err := w.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	out, in := rawOut{wc}, rawIn{rc}
	want := "{\"type\":\"your_turn\"}\n" + strings.Repeat("x", 4<<20) + "\n"
	go func() {
		if n, err := out.Write([]byte(want)); n != len(want) || err != nil {
			t.Errorf("rawOut wrote %d of %d bytes: %v", n, len(want), err)
		}
		w.Close()
	}()
	time.Sleep(20 * time.Millisecond) // the writer fills the pipe and waits
	runtime.GC()
	got, err := io.ReadAll(in)
	if err != nil || string(got) != want {
		t.Fatalf("rawIn read %d bytes (%v), want the %d written and the end", len(got), err, len(want))
	}
	if n, err := out.Write([]byte("x")); err == nil {
		t.Fatalf("rawOut on a closed pipe wrote %d bytes, want an error", n)
	}
}
