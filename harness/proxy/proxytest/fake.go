package proxytest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/coder/websocket"
)

// FakeWS is a scripted server: a WebSocket endpoint at every path that
// runs script on each connection, and refuses (401) a handshake for seat
// 9; the test's cleanup stops it.
func FakeWS(t testing.TB, script func(ctx context.Context, c *websocket.Conn)) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("seat") == "9" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		c.SetReadLimit(4 << 20)
		script(r.Context(), c)
	}))
	t.Cleanup(s.Close)
	return s
}
