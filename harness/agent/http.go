package agent

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync/atomic"
	"time"
)

// HTTPSpec says how to reach an agent served over HTTP (`--agent-url URL`).
type HTTPSpec struct {
	// URL is POSTed each request.
	URL string
	// MaxBody caps the response body (DefaultMaxLine when 0).
	MaxBody int
	// Header is added to every request (e.g. an authorization header).
	Header http.Header
	// DialTimeout bounds connecting (5 s when 0); each request is also
	// bounded by its deadline.
	DialTimeout time.Duration
	// MaxConns is how many idle connections are kept for reuse (4 when
	// 0): set it to the number of requests made at once.
	MaxConns int
}

// HTTPAgent is an agent behind an HTTP endpoint. It has its own
// http.Transport, closed by Close. It is safe for concurrent use.
type HTTPAgent struct {
	spec   HTTPSpec
	tr     *http.Transport
	client *http.Client
	closed atomic.Bool
}

// NewHTTP checks the URL and prepares a client with a dedicated transport.
func NewHTTP(spec HTTPSpec) (*HTTPAgent, error) {
	u, err := url.Parse(spec.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errorf(HarnessError, "start", err, "agent URL %q is not an http(s) URL", spec.URL)
	}
	if spec.MaxBody <= 0 {
		spec.MaxBody = DefaultMaxLine
	}
	if spec.DialTimeout <= 0 {
		spec.DialTimeout = 5 * time.Second
	}
	if spec.MaxConns <= 0 {
		spec.MaxConns = 4
	}
	tr := &http.Transport{
		Proxy:               nil, // the agent is reached directly
		DialContext:         (&net.Dialer{Timeout: spec.DialTimeout}).DialContext,
		MaxIdleConns:        spec.MaxConns,
		MaxIdleConnsPerHost: spec.MaxConns,
		IdleConnTimeout:     30 * time.Second,
		DisableCompression:  true,
		// Requests (a your_turn late in a match is ~16 KiB) go out in one
		// write with their headers instead of three.
		WriteBufferSize: 64 << 10,
	}
	return &HTTPAgent{spec: spec, tr: tr, client: &http.Client{
		Transport: tr,
		// A redirect is not an answer.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}, nil
}

// Ask POSTs msg (encoded as by Process.Send) and waits up to deadline for
// the response. The answer is a 2xx response whose body is one JSON object.
// Verdicts: Timeout when no complete response arrives in time; Disconnect
// when the connection is refused or dropped; Crash for a 5xx status;
// Malformed for another non-2xx status or a body that is not one JSON
// object (Reply.Before holds it); Flood for a body over the cap.
func (a *HTTPAgent) Ask(ctx context.Context, msg any, deadline time.Duration) (Reply, error) {
	var r Reply
	if a.closed.Load() {
		return r, errorf(HarnessError, "post", errClosed, "cannot post")
	}
	body, err := encode(msg)
	if err != nil {
		return r, relabel(err, "post")
	}
	dctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	req, err := http.NewRequestWithContext(dctx, http.MethodPost, a.spec.URL, bytes.NewReader(body))
	if err != nil {
		return r, errorf(HarnessError, "post", err, "cannot build the request")
	}
	for k, vs := range a.spec.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	sent := time.Now()
	resp, err := a.client.Do(req)
	if err != nil {
		return r, a.transportError(ctx, dctx, err)
	}
	defer resp.Body.Close()
	r.Status = resp.StatusCode
	b, err := io.ReadAll(io.LimitReader(resp.Body, int64(a.spec.MaxBody)+1))
	at := time.Now()
	if err != nil {
		return r, a.transportError(ctx, dctx, err)
	}
	l := Line{Bytes: bytes.TrimSpace(b), Size: len(b), Seq: 1, At: at}
	if len(b) > a.spec.MaxBody {
		l.Kind, l.Bytes = Oversize, b[:min(evidenceBytes, a.spec.MaxBody)]
		r.Before = append(r.Before, l)
		return r, errorf(Flood, "post", nil, "response body over the cap of %d bytes", a.spec.MaxBody)
	}
	l.Kind = Classify(l.Bytes)
	switch {
	case resp.StatusCode >= 500:
		r.Before = append(r.Before, l)
		return r, errorf(Crash, "post", nil, "status %d: %s", resp.StatusCode, quote(l.Bytes))
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		r.Before = append(r.Before, l)
		return r, errorf(Malformed, "post", nil, "status %d: %s", resp.StatusCode, quote(l.Bytes))
	case l.Kind != Object:
		r.Before = append(r.Before, l)
		return r, errorf(Malformed, "post", nil, "the body is not one JSON object (%s): %s", l.Kind, quote(l.Bytes))
	}
	r.Answer, r.Latency = l, at.Sub(sent)
	return r, nil
}

// transportError classifies a failed round trip.
func (a *HTTPAgent) transportError(ctx, dctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return errorf(HarnessError, "post", ctx.Err(), "the run was cancelled")
	case dctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		return errorf(Timeout, "post", err, "no complete answer before the deadline")
	default:
		return errorf(Disconnect, "post", err, "the connection failed")
	}
}

// Close closes the transport's idle connections; later calls to Ask fail
// with a HarnessError. It is idempotent.
func (a *HTTPAgent) Close() error {
	a.closed.Store(true)
	a.tr.CloseIdleConnections()
	return nil
}
