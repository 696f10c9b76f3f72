package certifyside

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// burst makes a burst of msgs, said when said is not nil.
func burst(said []infsrv.Sent, msgs ...string) infsrv.Burst {
	var b infsrv.Burst
	for _, m := range msgs {
		b.Lines = append(append(b.Lines, m...), '\n')
		b.Ends = append(b.Ends, len(b.Lines))
	}
	b.Said = said
	return b
}

// TestFeed: messages come out in order across bursts with what each burst
// says of them (nil for a burst that does not say, or a message said with
// no type), the bursts delivered before Close come before io.EOF, and a
// burst after the reader stopped fails instead of blocking.
func TestFeed(t *testing.T) {
	f := newFeed()
	ctx := context.Background()
	ev := infsrv.Sent{Type: infsrv.TypeEvent, Turn: -1, DeadlineMS: -1}
	for _, b := range []infsrv.Burst{
		burst([]infsrv.Sent{ev, {}}, `{"a":1}`, `{"b":2}`),
		burst(nil, `{"c":3}`),
		burst([]infsrv.Sent{ev}, `{"d":4}`),
	} {
		if err := f.Deliver(b); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	if err := f.Deliver(burst(nil, `{}`)); err == nil {
		t.Error("a burst after Close was taken")
	}
	var got []string
	for {
		msg, said, err := f.next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s := "-"
		if said != nil {
			s = said.Type
		}
		got = append(got, string(msg)+s)
	}
	if want := `{"a":1}event {"b":2}- {"c":3}- {"d":4}event`; strings.Join(got, " ") != want {
		t.Errorf("messages %q, want %s", got, want)
	}

	g := newFeed()
	b := burst(nil, `{"x":1}`)
	g.Deliver(b)
	b.Lines[2] = 'y' // the server reuses its storage: the feed kept a copy
	if msg, _, _ := g.next(ctx); string(msg) != `{"x":1}` {
		t.Errorf("message %s, want the bytes as delivered", msg)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if _, _, err := g.next(cctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("next on an idle feed: %v, want the context's error", err)
	}
	g.stop()
	if err := g.Deliver(burst(nil, `{}`)); err == nil {
		t.Error("a burst to a stopped feed was taken")
	}
}

// TestFeedReusesBlocks: once the reader is past a block's last message,
// the block's storage serves a later burst, and every message still reads
// as delivered (the feed never hands out a block it is filling again).
func TestFeedReusesBlocks(t *testing.T) {
	f := newFeed()
	ctx := context.Background()
	var reused bool
	for i := range 50 {
		msg := "{\"n\":" + strings.Repeat("7", i%5+1) + "}"
		msgs := make([]string, i%3+1)
		said := make([]infsrv.Sent, len(msgs))
		for k := range msgs {
			msgs[k], said[k] = msg, infsrv.Sent{Type: msg}
		}
		if err := f.Deliver(burst(said, msgs...)); err != nil {
			t.Fatal(err)
		}
		for k := range msgs {
			got, s, err := f.next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != msg || s == nil || s.Type != msg {
				t.Fatalf("burst %d message %d: %s said %v, want %s", i, k, got, s, msg)
			}
		}
		reused = reused || len(f.free) > 0
	}
	if !reused {
		t.Error("no block was offered again")
	}
}
