package probe

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
)

// TestJoinOffersCompressionOnOneSeat: of the seats umpire joins to a match,
// exactly the second offers permessage-deflate in its handshake, the others
// none (issue 29: a server's compression path is exercised, while most
// seats keep the plain path).
func TestJoinOffersCompressionOnOneSeat(t *testing.T) {
	var mu sync.Mutex
	offers := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		offers[r.URL.Query().Get("seat")] = r.Header.Get("Sec-WebSocket-Extensions")
		mu.Unlock()
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		_, _, _ = c.Read(r.Context()) // the hello
	}))
	defer srv.Close()
	tg := &conform.Target{Game: conform.GameInference, URL: srv.URL, Create: true}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := infJoin(ctx, tg, "m1", map[int]string{0: "a", 1: "b", 2: "c"})
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	mu.Lock()
	defer mu.Unlock()
	for seat, want := range map[string]bool{"0": false, "1": true, "2": false} {
		if got := strings.Contains(offers[seat], "permessage-deflate"); got != want {
			t.Errorf("seat %s offers %q, want permessage-deflate %v", seat, offers[seat], want)
		}
	}
}

// TestEmbeddedInferenceTakesCompression: the embedded Inference server
// takes a seat's permessage-deflate offer and plays over it (a hello
// answered by a welcome), answers a seat that offers none without it, and
// in its no-compression dialect declines the offer and plays on.
func TestEmbeddedInferenceTakesCompression(t *testing.T) {
	for _, tc := range []struct {
		dialects []string
		offer    websocket.CompressionMode
		want     bool
	}{
		{nil, websocket.CompressionNoContextTakeover, true},
		{nil, websocket.CompressionDisabled, false},
		{[]string{"no-compression"}, websocket.CompressionNoContextTakeover, false},
	} {
		e, err := StartEmbedded(tc.dialects, nil)
		if err != nil {
			t.Fatal(err)
		}
		tg := &conform.Target{Game: conform.GameInference, URL: e.URL, Create: true}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		match, tokens, err := infCreate(ctx, tg, map[string]any{"seats": 3, "rounds": 1, "deadline_ms": 5000})
		if err != nil {
			t.Fatal(err)
		}
		c, resp, err := websocket.Dial(ctx, wsURL(tg, match, 0), &websocket.DialOptions{CompressionMode: tc.offer})
		if err != nil {
			t.Fatal(err)
		}
		if ext := resp.Header.Get("Sec-WebSocket-Extensions"); strings.Contains(ext, "permessage-deflate") != tc.want {
			t.Errorf("dialects %v, offer %v: the server answers extensions %q, want permessage-deflate %v", tc.dialects, tc.offer, ext, tc.want)
		}
		c.SetReadLimit(1 << 20)
		hello := `{"type":"hello","match_id":"` + match + `","seat":0,"token":"` + tokens[0] + `"}`
		if err := c.Write(ctx, websocket.MessageText, []byte(hello)); err != nil {
			t.Fatal(err)
		}
		if _, data, err := c.Read(ctx); err != nil || !strings.Contains(string(data), `"welcome"`) {
			t.Errorf("dialects %v, offer %v: have %.120s, %v, want a welcome", tc.dialects, tc.offer, data, err)
		}
		c.Close(websocket.StatusNormalClosure, "")
		cancel()
		e.Close()
	}
}
