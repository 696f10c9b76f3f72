package origin

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// canonical is the origin of u as a browser compares origins: the scheme
// and host lowercased, the port made explicit.
func canonical(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// redirector answers every request with the next redirect of a chain, and
// keeps every request it was asked to send.
type redirector struct {
	locations []string
	sent      []*http.Request
}

func (r *redirector) RoundTrip(req *http.Request) (*http.Response, error) {
	r.sent = append(r.sent, req)
	if req.Body != nil {
		io.Copy(io.Discard, req.Body)
		req.Body.Close()
	}
	resp := &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: io.NopCloser(strings.NewReader("")), Request: req}
	if i := len(r.sent) - 1; i < len(r.locations) {
		resp.StatusCode = http.StatusTemporaryRedirect
		resp.Header.Set("Location", r.locations[i])
	}
	return resp, nil
}

// FuzzCheckRedirect: whatever chain of Location headers a target answers
// with, a client of Client never sends a request to another origin (scheme,
// host or port) than the first request's, so the seat token in its header
// and its body never leave the target; and CheckRedirect alone never lets
// a redirect to another origin through.
func FuzzCheckRedirect(f *testing.F) {
	for _, s := range []struct{ start, locs string }{
		{"http://127.0.0.1:18200/api/rooms", "/final"},
		{"http://127.0.0.1:18200/api/rooms", "http://127.0.0.1:18200/api/rooms/1"},
		{"http://127.0.0.1:18200/api/rooms", "http://127.0.0.1:18201/steal"},
		{"http://127.0.0.1:18200/a", "http://127.0.0.1/steal"},
		{"http://127.0.0.1:18200/a", "https://127.0.0.1:18200/steal"},
		{"http://127.0.0.1:18200/a", "//evil.example:18200/x"},
		{"http://127.0.0.1:18200/a", "http://user@127.0.0.1:18200@evil/x"},
		{"http://127.0.0.1:18200/a", "/b\n/c\nhttp://127.0.0.1:18200/d\nhttp://[::1]:18200/e"},
		{"http://localhost/a", "http://LOCALHOST:80/b\nhttp://localhost:80/c"},
		{"https://example.com/a", "HTTPS://example.com/b\nhttps://example.com:443/c\nhttps://example.com./d"},
		{"http://127.0.0.1:18200/a", "/a\n/a\n/a\n/a\n/a\n/a\n/a"},
		{"http://127.0.0.1:18200/a", "http:\\\\evil\\x"},
		{"http://127.0.0.1:18200/a", "http://127.0.0.1:18200%2f@evil/x"},
	} {
		f.Add(s.start, s.locs)
	}
	f.Fuzz(func(t *testing.T, start, locs string) {
		u, err := url.Parse(start)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return
		}
		rt := &redirector{locations: strings.Split(locs, "\n")}
		if len(rt.locations) > 2*MaxRedirects {
			rt.locations = rt.locations[:2*MaxRedirects]
		}
		req, err := http.NewRequest(http.MethodPost, start, strings.NewReader("body"))
		if err != nil {
			return
		}
		req.Header.Set("x-agent-token", "tok")
		resp, err := Client(rt, 0).Do(req)
		if err == nil {
			resp.Body.Close()
		}
		want := canonical(req.URL)
		for i, s := range rt.sent {
			if got := canonical(s.URL); got != want {
				t.Fatalf("request %d of a chain from %s went to %s (%s), another origin; its token header %q", i+1, start, s.URL, got, s.Header.Get("x-agent-token"))
			}
		}
		if len(rt.sent) > MaxRedirects+1 {
			t.Fatalf("%d requests sent, at most %d redirects are followed", len(rt.sent), MaxRedirects)
		}
		// CheckRedirect alone, on each hop parsed as the client would.
		via := []*http.Request{req}
		for _, loc := range rt.locations {
			next, err := via[len(via)-1].URL.Parse(loc)
			if err != nil {
				return
			}
			r2 := &http.Request{Method: http.MethodGet, URL: next, Header: http.Header{}}
			err = CheckRedirect(r2, via)
			if err == nil && canonical(next) != want {
				t.Fatalf("CheckRedirect lets %s through after %s", next, start)
			}
			if err != nil {
				if canonical(next) != want && !errors.Is(err, http.ErrUseLastResponse) {
					t.Fatalf("a redirect to another origin %s ends with %v, want the redirect itself", next, err)
				}
				return
			}
			via = append(via, r2)
		}
	})
}
