package agent

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestPostGoesOutWithTheNextAsk: posted lines are written before the
// request, in order, in the same write; an echoing agent sends them back
// first (as lines the accept function refuses), then the request.
func TestPostGoesOutWithTheNextAsk(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: "exec cat"})
	ctx := context.Background()
	for i := range 3 {
		if full, err := p.Post(Verbatim(fmt.Sprintf(`{"event":%d}`, i))); err != nil || full {
			t.Fatalf("Post %d: %v", i, err)
		}
	}
	if len(p.pending) == 0 {
		t.Fatal("Post wrote at once; want the lines queued")
	}
	r, err := p.AskFunc(ctx, []byte(`{"turn":7}`), generous, FieldEquals("turn", 7))
	if err != nil {
		t.Fatalf("AskFunc: %v", err)
	}
	if len(p.pending) != 0 {
		t.Errorf("%d bytes still queued after the ask", len(p.pending))
	}
	var got []string
	for _, l := range append(r.Stale, r.Before...) {
		got = append(got, string(l.Bytes))
	}
	want := []string{`{"event":0}`, `{"event":1}`, `{"event":2}`}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("lines before the answer %q, want %q", got, want)
	}
	if string(r.Answer.Bytes) != `{"turn":7}` {
		t.Errorf("answer %s, want the request echoed", r.Answer.Bytes)
	}
}

// TestPostFlushes: Flush writes the queue; Post says when the queue is
// past its bound; a message that is not JSON is refused and not queued.
func TestPostFlushes(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: "exec cat"})
	ctx := context.Background()
	if _, err := p.Post([]byte(`{"a":`)); err == nil || len(p.pending) != 0 {
		t.Fatalf("Post of broken JSON: err %v, %d bytes queued; want an error and nothing queued", err, len(p.pending))
	}
	if _, err := p.Post(Verbatim(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := p.Flush(ctx); err != nil || len(p.pending) != 0 {
		t.Fatalf("Flush: %v, %d bytes left", err, len(p.pending))
	}
	l, err := p.Receive(ctx)
	if err != nil || string(l.Bytes) != `{"a":1}` {
		t.Fatalf("after Flush the agent echoed %q, %v; want {\"a\":1}", l.Bytes, err)
	}
	big := Verbatim(`{"pad":"` + strings.Repeat("x", postFlushAt) + `"}`)
	if full, err := p.Post(big); err != nil || !full {
		t.Fatalf("Post of %d bytes: full %v, %v; want full", len(big), full, err)
	}
	if err := p.Flush(ctx); err != nil || len(p.pending) != 0 {
		t.Fatalf("Flush: %v, %d bytes left", err, len(p.pending))
	}
	l, err = p.Receive(ctx)
	if err != nil || !bytes.Equal(l.Bytes, big) {
		t.Fatalf("the large posted line came back as %d bytes, %v; want %d", len(l.Bytes), err, len(big))
	}
	if err := p.Flush(ctx); err != nil {
		t.Errorf("Flush of an empty queue: %v", err)
	}
}
