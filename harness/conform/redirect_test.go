package conform

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestNoRedirectLeavesTheTarget: a target that redirects the suite's
// requests to another service (a 307 on create re-posts the body; a 302 on
// observe carries the seat's token) gets its redirect back as its answer;
// the other service is never asked.
func TestNoRedirectLeavesTheTarget(t *testing.T) {
	var asked atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
	}))
	defer other.Close()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := http.StatusFound
		if r.Method == http.MethodPost {
			code = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, other.URL+r.URL.Path, code)
	}))
	defer target.Close()
	tg := &Target{URL: target.URL}
	for _, m := range []string{http.MethodPost, http.MethodGet} {
		req, _ := http.NewRequestWithContext(context.Background(), m, target.URL+"/api/ai/rooms", strings.NewReader(`{"seats":4}`))
		req.Header.Set("x-agent-token", "seat-token")
		resp, err := tg.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		resp.Body.Close()
		if resp.StatusCode/100 != 3 {
			t.Errorf("%s: have status %d, want the redirect itself", m, resp.StatusCode)
		}
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("the other service was asked %d times, want never", n)
	}
}
