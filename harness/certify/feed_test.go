package certify

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestFeed: lines come out in order across blocks (a line split over two
// writes included), blank lines are skipped, the blocks written before
// Close come before io.EOF, and a write after the reader stopped fails
// instead of blocking.
func TestFeed(t *testing.T) {
	f := newFeed()
	ctx := context.Background()
	for _, w := range []string{"{\"a\":1}\n\n{\"b\":2}\r\n{\"c\"", ":3}\n{\"d\":4}"} {
		if _, err := f.Write([]byte(w)); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	if _, err := f.Write([]byte("{}\n")); err == nil {
		t.Error("a write after Close was taken")
	}
	var got []string
	for {
		ln, err := f.line(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(ln))
	}
	if want := `{"a":1} {"b":2} {"c":3} {"d":4}`; strings.Join(got, " ") != want {
		t.Errorf("lines %q, want %s", got, want)
	}

	g := newFeed()
	buf := []byte("{\"x\":1}\n")
	g.Write(buf)
	buf[2] = 'y' // the writer reuses its buffer: the feed kept a copy
	if ln, _ := g.line(ctx); string(ln) != `{"x":1}` {
		t.Errorf("line %s, want the bytes as written", ln)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if _, err := g.line(cctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("line on an idle feed: %v, want the context's error", err)
	}
	g.stop()
	if _, err := g.Write([]byte("{}\n")); err == nil {
		t.Error("a write to a stopped feed was taken")
	}
}

// TestFeedReusesBlocks: once the reader is past a block's last line, the
// block's storage serves a later Write, and every line still reads as
// written (the feed never hands out a block it is filling again).
func TestFeedReusesBlocks(t *testing.T) {
	f := newFeed()
	ctx := context.Background()
	var reused bool
	for i := range 50 {
		w := strings.Repeat("{\"n\":"+strings.Repeat("7", i%5+1)+"}\n", i%3+1)
		if _, err := f.Write([]byte(w)); err != nil {
			t.Fatal(err)
		}
		for k := range i%3 + 1 {
			ln, err := f.line(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if want := "{\"n\":" + strings.Repeat("7", i%5+1) + "}"; string(ln) != want {
				t.Fatalf("write %d line %d: %s, want %s", i, k, ln, want)
			}
		}
		reused = reused || len(f.free) > 0
	}
	if !reused {
		t.Error("no block was offered again")
	}
}
