package origin

import (
	"fmt"
	"net/http"
	"time"
)

// MaxRedirects bounds the redirects one request follows within its origin.
const MaxRedirects = 5

// CheckRedirect is an http.Client CheckRedirect that follows a redirect
// only to the origin of the first request, at most MaxRedirects times. A
// redirect to another origin ends the chain with the redirect response
// itself (http.ErrUseLastResponse), its body unread and nothing forwarded.
func CheckRedirect(req *http.Request, via []*http.Request) error {
	if len(via) == 0 {
		return nil
	}
	if !Same(via[0], req) {
		return http.ErrUseLastResponse
	}
	if len(via) > MaxRedirects {
		return fmt.Errorf("stopped after %d redirects within %s", MaxRedirects, via[0].URL.Host)
	}
	return nil
}

// Same reports whether two requests go to the same origin.
func Same(a, b *http.Request) bool {
	return a.URL.Scheme == b.URL.Scheme && a.URL.Host == b.URL.Host
}

// Client returns a client on tr (http.DefaultTransport when nil) that
// follows redirects only within their origin, each request bounded by
// timeout (none when 0).
func Client(tr http.RoundTripper, timeout time.Duration) *http.Client {
	return &http.Client{Transport: tr, Timeout: timeout, CheckRedirect: CheckRedirect}
}
