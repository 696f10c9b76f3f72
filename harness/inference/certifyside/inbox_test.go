package certifyside

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"
)

// TestInbox: the lines sent are read in order, each with its line end,
// through reads of any size, then io.EOF after close; stop releases a
// sender blocked on a full inbox and fails the reads that follow.
func TestInbox(t *testing.T) {
	b := newInbox()
	want := ""
	go func() {
		for i := range 3 * inboxDepth {
			b.send([]byte(fmt.Sprintf(`{"n":%d}`, i)))
		}
		b.close()
	}()
	for i := range 3 * inboxDepth {
		want += fmt.Sprintf("{\"n\":%d}\n", i)
	}
	r := bufio.NewReaderSize(b, 16) // reads smaller than a line
	got, err := io.ReadAll(r)
	if err != nil || string(got) != want {
		t.Fatalf("read %q, %v; want %q and the end", got, err, want)
	}

	full := newInbox()
	for range inboxDepth {
		full.send([]byte("x"))
	}
	sent := make(chan struct{})
	go func() {
		full.send([]byte("one too many")) // blocks: nobody reads
		close(sent)
	}()
	select {
	case <-sent:
		t.Fatal("a send to a full inbox did not wait")
	case <-time.After(20 * time.Millisecond):
	}
	full.stop()
	select {
	case <-sent:
	case <-time.After(5 * time.Second):
		t.Fatal("stop did not release the blocked sender")
	}
	if _, err := full.Read(make([]byte, 8)); !errors.Is(err, errInboxStopped) {
		t.Fatalf("a read after stop: %v, want errInboxStopped", err)
	}
}
