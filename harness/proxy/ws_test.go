package proxy_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/reports"
)

func relayTo(t *testing.T, target string, maxMsg int) (*proxy.Proxy, string) {
	t.Helper()
	p, err := proxy.New(proxy.Options{Game: harness.GameInference, Target: target, MaxMessage: maxMsg})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	t.Cleanup(func() { front.Close(); _ = p.Close() })
	return p, "ws" + strings.TrimPrefix(front.URL, "http") + "/ws/inference?match=m-1&seat="
}

// TestRelayWebSocket: messages pass unchanged both ways, a close passes
// with its code and reason, a message over the cap closes both sides with
// 1009, a refused handshake reaches the agent as it was, and a hello's
// token never reaches a report.
func TestRelayWebSocket(t *testing.T) {
	ctx := testContext(t, 30*time.Second)
	const token = "s3cr3t-token-value"
	got := make(chan []byte, 4)
	srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
		_, hello, err := c.Read(ctx)
		if err != nil {
			return
		}
		got <- hello
		_ = c.Write(ctx, websocket.MessageText, []byte(`not an envelope`))
		_, move, err := c.Read(ctx)
		if err != nil {
			return
		}
		got <- move
		if bytes.Contains(move, []byte("big")) {
			_ = c.Write(ctx, websocket.MessageText, bytes.Repeat([]byte("x"), 2<<10))
			_, _, _ = c.Read(ctx)
			return
		}
		_ = c.Close(4001, "match over")
	})
	p, base := relayTo(t, srv.URL, 1<<10)

	t.Run("relayed", func(t *testing.T) {
		c, _, err := websocket.Dial(ctx, base+"0", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		hello := []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"` + token + `"}`)
		_ = c.Write(ctx, websocket.MessageText, hello)
		if b := <-got; !bytes.Equal(b, hello) {
			t.Errorf("the server got %s, want %s", b, hello)
		}
		if _, b, err := c.Read(ctx); err != nil || string(b) != "not an envelope" {
			t.Fatalf("the agent got %q, %v", b, err)
		}
		move := []byte(` {"type":"move", "match_id":"m-1","turn":0,"action":"fold"}`)
		_ = c.Write(ctx, websocket.MessageText, move)
		if b := <-got; !bytes.Equal(b, move) {
			t.Errorf("the server got %q, want %q", b, move)
		}
		_, _, err = c.Read(ctx)
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != 4001 || ce.Reason != "match over" {
			t.Errorf("the agent's connection ended with %v, want the server's close 4001", err)
		}
	})
	t.Run("over the cap", func(t *testing.T) {
		c, _, err := websocket.Dial(ctx, base+"1", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		c.SetReadLimit(4 << 20)
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","match_id":"m-1","seat":1,"token":"t"}`))
		<-got
		_, _, _ = c.Read(ctx)
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","big":true}`))
		<-got
		_, _, err = c.Read(ctx)
		if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Errorf("the agent's connection ended with %v, want 1009", err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		_, resp, err := websocket.Dial(ctx, base+"9", nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("dial: %v, %v; want the server's 401", err, resp)
		}
	})
	t.Run("no token in the report", func(t *testing.T) {
		rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{"inference"}}, nil)
		deadline := time.Now().Add(5 * time.Second)
		for {
			rep.Checks = p.Checks()
			var buf bytes.Buffer
			_ = reports.WriteJSON(&buf, rep)
			if bytes.Contains(buf.Bytes(), []byte(`hello`)) {
				if bytes.Contains(buf.Bytes(), []byte(token)) {
					t.Error("the report holds the hello's token")
				}
				if !bytes.Contains(buf.Bytes(), []byte("inference/protocol.envelope")) {
					t.Error("the message that is not an envelope is not reported")
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no transcript holds the hello: %s", buf.Bytes())
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestRelayTargetDown: an agent connecting while the target is down gets
// 502, and nothing hangs.
func TestRelayTargetDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	_, base := relayTo(t, url, 0)
	ctx := testContext(t, 15*time.Second)
	_, resp, err := websocket.Dial(ctx, base+"0", nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusBadGateway {
		t.Errorf("dial: %v, %v; want 502", err, resp)
	}
	r, err := http.Get(strings.Replace(base, "ws", "http", 1) + "0")
	if err != nil || r.StatusCode != http.StatusBadGateway {
		t.Errorf("GET: %v, %v; want 502", err, r)
	}
}
