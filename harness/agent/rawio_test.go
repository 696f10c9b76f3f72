//go:build unix

package agent

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestWritesPastThePipe: a request larger than a pipe holds goes partly in
// the write that does not wait and the rest through the poller, in order,
// whichever way it is sent; one to an agent that never reads still times
// out.
func TestWritesPastThePipe(t *testing.T) {
	w := watchLeaks(t)
	big := `{"pad":"` + strings.Repeat("x", 600<<10) + `"}`
	for _, c := range []struct {
		name    string
		command string
		send    func(p *Process) (string, error)
		want    Termination // "" for an answer equal to big
	}{
		{"ask", "exec cat", func(p *Process) (string, error) {
			r, err := p.Ask(context.Background(), Verbatim(big), generous)
			return string(r.Answer.Bytes), err
		}, ""},
		{"post and flush", "exec cat", func(p *Process) (string, error) {
			if _, err := p.Post(Verbatim(big)); err != nil {
				return "", err
			}
			if err := p.Flush(context.Background()); err != nil {
				return "", err
			}
			l, err := p.Receive(context.Background())
			return string(l.Bytes), err
		}, ""},
		{"ask an agent that does not read", "sleep 30", func(p *Process) (string, error) {
			_, err := p.Ask(context.Background(), Verbatim(big), 300*time.Millisecond)
			return "", err
		}, Timeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := start(t, w, Spec{Command: c.command})
			got, err := c.send(p)
			if c.want != "" {
				if TerminationOf(err) != c.want {
					t.Fatalf("verdict %s (%v), want %s", TerminationOf(err), err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != big {
				t.Fatalf("got %d bytes back, want the %d sent", len(got), len(big))
			}
		})
	}
}

// TestAskTimerIsRearmed: the timer AskFunc reuses times each request from
// its own start: an answer that comes after an earlier request's deadline
// but within its own is taken, and a request with no answer times out.
func TestAskTimerIsRearmed(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `read l; echo "$l"; read l; sleep 0.3; echo "$l"; read l; sleep 30`})
	ctx := context.Background()
	if _, err := p.Ask(ctx, `{"n":1}`, 100*time.Millisecond); err != nil {
		t.Fatalf("first request: %v", err)
	}
	r, err := p.Ask(ctx, `{"n":2}`, generous)
	if err != nil || string(r.Answer.Bytes) != `{"n":2}` {
		t.Fatalf("second request: %q, %v", r.Answer.Bytes, err)
	}
	if _, err := p.Ask(ctx, `{"n":3}`, 200*time.Millisecond); TerminationOf(err) != Timeout {
		t.Fatalf("third request: verdict %s (%v), want timeout", TerminationOf(err), err)
	}
}

// TestUnwritten: what is left of a gathered write after n bytes, wherever
// n falls (in the queue, in the line, before the line end).
func TestUnwritten(t *testing.T) {
	for _, c := range []struct {
		head, line string
		n          int
		want       string
	}{
		{"", "abc", 0, "abc\n"},
		{"", "abc", 2, "c\n"},
		{"", "abc", 3, "\n"},
		{"e1\ne2\n", "req", 0, "e1\ne2\nreq\n"},
		{"e1\ne2\n", "req", 4, "2\nreq\n"},
		{"e1\ne2\n", "req", 6, "req\n"},
		{"e1\ne2\n", "req", 8, "q\n"},
		{"e1\ne2\n", "req", 9, "\n"},
		{"e1\n", "", 1, "1\n\n"},
	} {
		head := append(make([]byte, 0, 64), c.head...)
		if got := unwritten(head, []byte(c.line), c.n); string(got) != c.want {
			t.Errorf("unwritten(%q, %q, %d) = %q, want %q", c.head, c.line, c.n, got, c.want)
		}
	}
}

// TestGatheredAskPastThePipe: a request asked after posted messages that
// together fill more than the pipe holds arrives whole and in order,
// whether the gathered write ends in the posted lines or in the request.
func TestGatheredAskPastThePipe(t *testing.T) {
	w := watchLeaks(t)
	for _, posted := range []int{10, 200 << 10} {
		t.Run(fmt.Sprint("posted=", posted), func(t *testing.T) {
			// The agent echoes only the request (the last line).
			p := start(t, w, Spec{Command: `exec grep --line-buffered '"req"'`})
			ev := `{"ev":"` + strings.Repeat("e", posted) + `"}`
			if _, err := p.Post(Verbatim(ev)); err != nil {
				t.Fatal(err)
			}
			req := `{"req":"` + strings.Repeat("r", 300<<10) + `"}`
			r, err := p.Ask(context.Background(), Verbatim(req), generous)
			if err != nil {
				t.Fatal(err)
			}
			if string(r.Answer.Bytes) != req {
				t.Fatalf("got %d bytes back, want the %d-byte request", len(r.Answer.Bytes), len(req))
			}
		})
	}
}
