//go:build !http

package main

import (
	"io"
	"os"
	"testing"
	"time"
)

// TestRawIO: rawIn reads what a non-blocking pipe is given, waiting in
// the poller while it is empty, and ends with io.EOF when the writer
// closes; rawOut writes everything it is given.
//
// What is written stays under the smallest buffer a pipe has (a page):
// a raw write blocked on a full pipe holds its thread where the runtime
// cannot stop it, so a collection starting meanwhile waits for it forever
// while the reader, which would empty the pipe, waits for the collection.
// (The agent's answers are lines of about a hundred bytes.)
func TestRawIO(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rc, err := r.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	out := rawOut{fd: w.Fd(), f: w} // Fd makes w blocking, as an agent's stdout is
	in := rawIn{rc}
	want := "{\"type\":\"your_turn\"}\n" + string(make([]byte, 3000)) + "\n"
	go func() {
		time.Sleep(20 * time.Millisecond) // the first read waits
		if n, err := out.Write([]byte(want)); n != len(want) || err != nil {
			t.Errorf("rawOut wrote %d of %d bytes: %v", n, len(want), err)
		}
		w.Close()
	}()
	got, err := io.ReadAll(in)
	if err != nil || string(got) != want {
		t.Fatalf("rawIn read %d bytes (%v), want the %d written and the end", len(got), err, len(want))
	}
	if n, err := (rawOut{fd: ^uintptr(0), f: w}).Write([]byte("x")); err == nil {
		t.Fatalf("rawOut on a bad descriptor wrote %d bytes, want the error of the fallback's write (w is closed)", n)
	}
}
