//go:build unix

package agent

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHTTPVerdicts(t *testing.T) {
	const answer = `{"type":"move","match_id":"m-7","turn":3,"action":"call"}`
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    Termination
		kind    LineKind // of the line in Before, when not the answer
	}{
		{"answer", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(answer + "\n")) }, OK, ""},
		{"slow", func(w http.ResponseWriter, r *http.Request) {
			// Reading the body lets the server notice the client leaving.
			io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-time.After(20 * time.Second):
			}
		}, Timeout, ""},
		{"server error", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "boom", 500) }, Crash, NotJSON},
		{"not found", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, Malformed, NotJSON},
		{"no content", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }, Malformed, Blank},
		{"not JSON", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("call, please")) }, Malformed, NotJSON},
		{"array", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`["call"]`)) }, Malformed, NotObject},
		{"two objects", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(answer + answer)) }, Malformed, NotJSON},
		{"over the cap", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"pad":"` + strings.Repeat("x", 4096) + `"}`))
		}, Flood, Oversize},
		{"dropped connection", func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}, Disconnect, ""},
		{"redirect", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/elsewhere", http.StatusTemporaryRedirect)
		}, Malformed, Blank},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			watchLeaks(t)
			srv := httptest.NewServer(tc.handler)
			t.Cleanup(srv.Close)
			a, err := NewHTTP(HTTPSpec{URL: srv.URL, MaxBody: 1024})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { a.Close() })
			r, err := a.Ask(context.Background(), fixture(t, "inference_your_turn.json"), 300*time.Millisecond)
			if got := TerminationOf(err); got != tc.want {
				t.Fatalf("verdict %s (%v), want %s", got, err, tc.want)
			}
			if tc.want == OK && (string(r.Answer.Bytes) != answer || r.Latency <= 0 || r.Status != 200) {
				t.Errorf("reply %+v, want the answer %s, status 200 and a latency", r, answer)
			}
			if tc.kind != "" && (len(r.Before) != 1 || r.Before[0].Kind != tc.kind) {
				t.Errorf("lines %+v, want one of kind %s", r.Before, tc.kind)
			}
		})
	}
}

func TestHTTPRefusedAndClosed(t *testing.T) {
	watchLeaks(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/"
	ln.Close() // nothing listens there now
	a, err := NewHTTP(HTTPSpec{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Ask(context.Background(), `{}`, generous); TerminationOf(err) != Disconnect {
		t.Errorf("refused: %v, want disconnect", err)
	}
	a.Close()
	a.Close()
	if _, err := a.Ask(context.Background(), `{}`, generous); TerminationOf(err) != HarnessError {
		t.Errorf("after Close: %v, want a harness error", err)
	}
	for _, bad := range []string{"", "ftp://x/", "http://", "::"} {
		if _, err := NewHTTP(HTTPSpec{URL: bad}); TerminationOf(err) != HarnessError {
			t.Errorf("NewHTTP(%q) = %v, want a harness error", bad, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	b, _ := NewHTTP(HTTPSpec{URL: srv.URL})
	defer b.Close()
	if _, err := b.Ask(ctx, `{}`, generous); TerminationOf(err) != HarnessError {
		t.Errorf("cancelled run: %v, want a harness error", err)
	}
}

// TestHTTPGoAgent runs the Go example agent in -http mode and plays both
// games' sample decisions through the HTTP adapter, reusing keep-alive
// connections, then checks that nothing outlives Close.
func TestHTTPGoAgent(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: agents.goAgent + " -http 127.0.0.1:0"})
	l, err := p.Receive(ctxTimeout(t, generous))
	if err != nil {
		t.Fatal(err)
	}
	url, ok := strings.CutPrefix(string(l.Bytes), "listening on ")
	if !ok {
		t.Fatalf("first line %q, want the listening URL", l.Bytes)
	}
	a, err := NewHTTP(HTTPSpec{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	turn := fixture(t, "inference_your_turn.json")
	req := fixture(t, "bangarena_decision_request.json")
	for range 3 {
		r, err := a.Ask(context.Background(), turn, generous)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkMove(turn, r.Answer.Bytes); err != nil {
			t.Error(err)
		}
		r, err = a.Ask(context.Background(), req, generous)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := checkDecision(req, r.Answer.Bytes); err != nil {
			t.Error(err)
		}
	}
	// A message that needs no answer gets 204: not an answer.
	if _, err := a.Ask(context.Background(), fixture(t, "inference_event.json"), generous); TerminationOf(err) != Malformed {
		t.Errorf("event: %v, want malformed (no answer)", err)
	}
	a.Close()
	exit, err := p.Close(100 * time.Millisecond)
	if err != nil || exit.Forced != ForceTerm || exit.Termination() != OK {
		t.Errorf("Close = %v, %v; want a clean exit on SIGTERM", exit, err)
	}
}

func ctxTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
