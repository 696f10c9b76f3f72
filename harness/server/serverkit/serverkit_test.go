package serverkit

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"
)

func TestFakeClock(t *testing.T) {
	c := NewFakeClock(time.Unix(0, 0))
	a, b := c.NewTimer(time.Second), c.NewTimer(3*time.Second)
	c.Advance(2 * time.Second)
	select {
	case <-a.C():
	default:
		t.Fatal("the 1s timer did not fire after 2s")
	}
	select {
	case <-b.C():
		t.Fatal("the 3s timer fired after 2s")
	default:
	}
	if !b.Stop() || c.Pending() != 0 {
		t.Errorf("Stop of a pending timer: pending %d, want 0", c.Pending())
	}
}

func TestDrain(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := Drain(ctx, &wg); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a goroutine that never ends: have %v, want the deadline", err)
	}
	wg.Done()
	if err := Drain(context.Background(), &wg); err != nil {
		t.Fatalf("all ended: have %v", err)
	}
}

func TestLoopback(t *testing.T) {
	stopped := false
	l, err := StartLoopback(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }),
		func(context.Context) error { stopped = true; return nil })
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(l.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "ok" {
		t.Errorf("body %q, want ok", b)
	}
	if err := l.Close(context.Background()); err != nil || !stopped {
		t.Fatalf("Close: %v, game server stopped %v", err, stopped)
	}
	if _, err := http.Get(l.URL); err == nil {
		t.Error("the port still answers after Close")
	}
}

// TestOtherStream: the other-chance stream is deterministic, uniform
// enough, and its orders are permutations.
func TestOtherStream(t *testing.T) {
	a, b := NewOtherStream("x", "seed"), NewOtherStream("x", "seed")
	c := NewOtherStream("y", "seed")
	if a.Uint64() != b.Uint64() {
		t.Fatal("the same stream differs")
	}
	d := NewOtherStream("x", "seed")
	if d.Uint64() == c.Uint64() {
		t.Fatal("two labels give one stream")
	}
	var count [6]int
	for range 6000 {
		count[a.Uniform(6)]++
	}
	for v, n := range count {
		if n < 850 || n > 1150 {
			t.Errorf("value %d drawn %d times of 6000", v, n)
		}
	}
	for n := range 20 {
		p := a.Order(n)
		seen := make([]bool, n)
		for _, i := range p {
			if i < 0 || i >= n || seen[i] {
				t.Fatalf("order %v of %d is no permutation", p, n)
			}
			seen[i] = true
		}
	}
}
