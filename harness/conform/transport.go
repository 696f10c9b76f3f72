package conform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/internal/origin"
	"github.com/umpire-arena/umpire/reports"
)

// ErrNoAnswer is wrapped by the error of every wait on the target that ran
// out: an HTTP request whose answer (headers or body) did not arrive within
// Target.RequestWait, a WebSocket on which no message arrived within
// Target.AnswerWait. RunAllProgress counts a check that errs with it as
// stalled, and gives the suite up after MaxTimedOut stalled checks in a
// row: what counts is the error's type, never the words of its reason.
var ErrNoAnswer = errors.New("no answer in time")

// NoAnswerError is a wait on the target that ran out; it wraps ErrNoAnswer
// and the transport's own error, if any.
type NoAnswerError struct {
	// What was waited for ("GET /api/ai/rooms/r1/observe", "seat 0: a message").
	What string
	// Wait is how long.
	Wait time.Duration
	// Err is the transport's error (nil for a wait that simply ended).
	Err error
}

func (e *NoAnswerError) Error() string {
	s := e.What
	if e.Wait > 0 {
		s = fmt.Sprintf("%s: %s %v", e.What, noAnswerWithin, e.Wait)
	}
	if e.Err != nil && !errors.Is(e.Err, context.DeadlineExceeded) {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap gives ErrNoAnswer and the transport's error.
func (e *NoAnswerError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrNoAnswer}
	}
	return []error{ErrNoAnswer, e.Err}
}

// NoAnswer returns the error of a wait on t that ran out, and counts it on
// the run (a check whose error says it in its own words is still seen to
// have stalled).
func (t *Target) NoAnswer(what string, wait time.Duration, err error) error {
	if t != nil && t.state != nil {
		t.state.noAnswers.Add(1)
	}
	return &NoAnswerError{What: what, Wait: wait, Err: err}
}

// noAnswers is how many waits on the target ran out so far in the run.
func (t *Target) noAnswers() int64 {
	if t == nil || t.state == nil {
		return 0
	}
	return t.state.noAnswers.Load()
}

// waitTransport bounds every HTTP exchange with the target: its answer,
// headers and body, must come within wait, else the request ends with a
// NoAnswerError. A WebSocket handshake is left to its caller's context:
// the connection it opens lives on.
type waitTransport struct {
	t    *Target
	base http.RoundTripper
	wait time.Duration
}

func (w waitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("Upgrade") != "" {
		return w.base.RoundTrip(req)
	}
	parent := req.Context()
	ctx, cancel := context.WithTimeout(parent, w.wait)
	resp, err := w.base.RoundTrip(req.WithContext(ctx))
	what := req.Method + " " + req.URL.Path
	if err != nil {
		cancel()
		if parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, w.t.NoAnswer(what, w.wait, err)
		}
		return nil, err
	}
	resp.Body = &waitBody{rc: resp.Body, ctx: ctx, parent: parent, cancel: cancel, what: what, w: w}
	return resp, nil
}

// waitBody is an answer's body read within its request's wait.
type waitBody struct {
	rc     io.ReadCloser
	ctx    context.Context
	parent context.Context
	cancel context.CancelFunc
	what   string
	w      waitTransport
}

func (b *waitBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err != nil && err != io.EOF && b.parent.Err() == nil && errors.Is(b.ctx.Err(), context.DeadlineExceeded) {
		err = b.w.t.NoAnswer(b.what+": reading the answer", b.w.wait, err)
	}
	return n, err
}

func (b *waitBody) Close() error {
	err := b.rc.Close()
	b.cancel()
	return err
}

// maxRedirectNotes bounds the redirects a run describes one by one; the
// rest are counted.
const maxRedirectNotes = 5

// redirects is what a run noted of the target's redirects.
type redirects struct {
	mu    sync.Mutex
	notes []string
	more  int
}

func (r *redirects) add(note string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range r.notes {
		if n == note {
			return
		}
	}
	if len(r.notes) < maxRedirectNotes {
		r.notes = append(r.notes, note)
		return
	}
	r.more++
}

// checkRedirect is origin.CheckRedirect that notes each redirect of the
// target on the run: followed within its origin, or not followed to
// another (nothing of umpire's sent there).
func (t *Target) checkRedirect(req *http.Request, via []*http.Request) error {
	err := origin.CheckRedirect(req, via)
	if len(via) == 0 || t.state == nil {
		return err
	}
	from := via[len(via)-1]
	to := req.URL.Redacted()
	if len(to) > 200 {
		to = to[:200] + "…"
	}
	code := 0
	if req.Response != nil {
		code = req.Response.StatusCode
	}
	what := fmt.Sprintf("the target redirected %s %s (HTTP %d)", from.Method, from.URL.Path, code)
	switch {
	case errors.Is(err, http.ErrUseLastResponse):
		what += " to another origin, not followed (nothing of umpire's was sent there; the check got the redirect as the answer)"
	case err != nil:
		what += " within its origin, not followed further: " + err.Error()
	default:
		what += " within its origin, followed"
	}
	what += ": " + reports.RedactString(to)
	t.state.redirects.add(what)
	return err
}

// Redirects returns what the run noted of the target's redirects (at most
// a few, then how many more), for the report's warnings.
func (t *Target) Redirects() []string {
	if t == nil || t.state == nil {
		return nil
	}
	r := &t.state.redirects
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]string(nil), r.notes...)
	if r.more > 0 {
		out = append(out, fmt.Sprintf("the target redirected %d more requests (not described)", r.more))
	}
	return out
}

// client builds the run's HTTP client (Target.Client).
func (t *Target) client() *http.Client {
	if t.state == nil {
		return origin.Client(nil, 0)
	}
	t.state.clientOnce.Do(func() {
		t.state.client = &http.Client{
			Transport:     waitTransport{t: &Target{state: t.state}, base: http.DefaultTransport, wait: t.RequestWait()},
			CheckRedirect: (&Target{state: t.state}).checkRedirect,
		}
	})
	return t.state.client
}

// RawConns are the network connections a ConnClient dialled, kept so that
// a caller can close them outright: a WebSocket library's closing
// handshake may read on through a frame the target announced as 2 GiB,
// and only closing the connection under it ends that.
type RawConns struct {
	mu    sync.Mutex
	conns []net.Conn
}

func (r *RawConns) add(c net.Conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.conns = append(r.conns, c)
}

// Close closes every connection dialled (nil: nothing to do).
func (r *RawConns) Close() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.conns {
		_ = c.Close()
	}
}

// ConnClient returns a client for one connection that lives on after its
// handshake (a WebSocket's): redirects as Client (within the origin,
// noted), a transport of its own that keeps what it dials in the RawConns
// returned, and no bound on the exchange (the caller's context bounds the
// handshake; its reads bound the rest). With a client given (Target.HTTP)
// that client and nil RawConns.
func (t *Target) ConnClient() (*http.Client, *RawConns) {
	if t.HTTP != nil {
		return t.HTTP, nil
	}
	raw := &RawConns{}
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err == nil {
				raw.add(c)
			}
			return c, err
		},
		TLSHandshakeTimeout: 10 * time.Second,
		DisableKeepAlives:   true,
	}
	check := origin.CheckRedirect
	if t.state != nil {
		check = (&Target{state: t.state}).checkRedirect
	}
	return &http.Client{Transport: tr, CheckRedirect: check}, raw
}
