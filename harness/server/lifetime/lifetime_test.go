package lifetime

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestExpire(t *testing.T) {
	errExpired := errors.New("expired")
	start := time.Unix(1000, 0)
	var cause error
	l := &Lifetime{Cancel: func(err error) { cause = err }}
	l.Touch(start)
	for _, tc := range []struct {
		name    string
		at      time.Duration
		timeout time.Duration
		want    bool
	}{
		{"not idle long enough", 9 * time.Second, 10 * time.Second, false},
		{"no idle timeout", time.Hour, 0, false},
		{"idle past the bound", 10 * time.Second, 10 * time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cause = nil
			got := l.Expire(start.Add(tc.at), tc.timeout, errExpired, "request")
			if got != tc.want || (got && !errors.Is(cause, errExpired)) || (!got && cause != nil) {
				t.Fatalf("Expire = %v, cause %v; want %v", got, cause, tc.want)
			}
		})
	}
	if d := l.MarkEnded(start); d != 0 || l.Ended != start {
		t.Fatalf("first MarkEnded: %v %v", d, l.Ended)
	}
	if d := l.MarkEnded(start.Add(time.Minute)); d != time.Minute {
		t.Fatalf("MarkEnded keeps the first end: %v", d)
	}
}

func TestSweepEvery(t *testing.T) {
	for _, tc := range []struct {
		bounds []time.Duration
		want   time.Duration
	}{
		{nil, time.Second},
		{[]time.Duration{time.Minute, 0}, time.Second},
		{[]time.Duration{2 * time.Second, -1}, 500 * time.Millisecond},
		{[]time.Duration{time.Millisecond}, 5 * time.Millisecond},
	} {
		if got := SweepEvery(tc.bounds...); got != tc.want {
			t.Errorf("SweepEvery(%v) = %v, want %v", tc.bounds, got, tc.want)
		}
	}
}

func TestReapStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	swept := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		Reap(ctx, 5*time.Millisecond, &mu, time.Now, func(time.Time) {
			select {
			case swept <- struct{}{}:
			default:
			}
		})
		close(done)
	}()
	<-swept
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Reap did not stop with its context")
	}
}
