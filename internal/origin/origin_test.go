package origin

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestRedirects: a redirect within the origin is followed; one to another
// origin is answered with the redirect itself, and the other service sees
// neither the body nor the token of the request.
func TestRedirects(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		io.WriteString(w, "another service")
	}))
	defer other.Close()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/steal", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, "/final", http.StatusTemporaryRedirect)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/final":
			b, _ := io.ReadAll(r.Body)
			io.WriteString(w, "final "+r.Header.Get("x-agent-token")+" "+string(b))
		}
	}))
	defer target.Close()
	c := Client(nil, 0)
	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
		wantErr    bool
	}{
		{"/here", 200, "final tok body", false},
		{"/away", http.StatusTemporaryRedirect, "", false},
		{"/loop", 0, "", true},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest(http.MethodPost, target.URL+tc.path, strings.NewReader("body"))
		req.Header.Set("x-agent-token", "tok")
		resp, err := c.Do(req)
		if tc.wantErr {
			if err == nil {
				resp.Body.Close()
				t.Errorf("%s: no error, want one for a redirect loop", tc.path)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.wantStatus || (tc.wantBody != "" && string(b) != tc.wantBody) {
			t.Errorf("%s: have %d %q, want %d %q", tc.path, resp.StatusCode, b, tc.wantStatus, tc.wantBody)
		}
	}
	if n := elsewhere.Load(); n != 0 {
		t.Errorf("the other origin was asked %d times, want never", n)
	}
}
