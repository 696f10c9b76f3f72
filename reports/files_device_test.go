//go:build unix

package reports

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWriteFileInPlace: a report path that is not a regular file (here a
// FIFO; /dev/null and /dev/stdout alike) is written in place and stays
// what it was; renaming a temporary file over it would turn a device into
// a regular file for the whole machine.
func TestWriteFileInPlace(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "report.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	r := &Report{Meta: Meta{Kind: KindConform}}
	if err := WriteFile(fifo, r, WriteJSON); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO became %v", st.Mode())
	}
	select {
	case s := <-got:
		if !strings.Contains(s, `"kind"`) {
			t.Errorf("the reader got %q, want the JSON report", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the reader got nothing")
	}
	if err := WriteFile(t.TempDir(), r, WriteJSON); err == nil {
		t.Error("writing over a directory: no error")
	}
}
