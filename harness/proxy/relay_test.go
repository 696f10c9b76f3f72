package proxy_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/reports"
)

// relayWith is relayTo with the relay's options given.
func relayWith(t *testing.T, opts proxy.Options) (*proxy.Proxy, string) {
	t.Helper()
	opts.Game = harness.GameInference
	p, err := proxy.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	t.Cleanup(func() { front.Close(); _ = p.Close() })
	return p, "ws" + strings.TrimPrefix(front.URL, "http") + "/ws/inference?match=m-1&seat="
}

// TestReopenAfterErrorCode: whatever code the server's error carries (the
// WIRE.md ones, another word, a number, none) and however it closes the
// connection after it, the agent's reopened connection for the same seat
// is relayed unchanged and judged as the same seat of the same match: the
// match is not ended by the first connection's close, its end is seen
// once, and the reopened turn is judged (a legal answer, no unsolicited
// move).
func TestReopenAfterErrorCode(t *testing.T) {
	const turn = `{"type":"your_turn","match_id":"m-1","round":1,"turn":0,"deadline_ms":5000,` +
		`"visible_state":{"round":1,"your_seat":0,"to_call":0,"players":[]},"legal_actions":[{"action":"fold"},{"action":"call","amount":0}]}`
	for _, code := range []string{`"illegal_move"`, `"bad_message"`, `"unauthorized"`, `"stale_turn"`, `4001`, `null`} {
		t.Run(code, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			errMsg := []byte(`{"type":"error","match_id":"m-1","turn":0,"code":` + code + `,"message":"no"}`)
			got := make(chan []byte, 16)
			var conns atomic.Int32
			srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
				first := conns.Add(1) == 1
				if _, b, err := c.Read(ctx); err == nil {
					got <- b
				}
				_ = c.Write(ctx, websocket.MessageText, []byte(turn))
				_, b, err := c.Read(ctx)
				if err != nil {
					return
				}
				got <- b
				if first {
					_ = c.Write(ctx, websocket.MessageText, errMsg)
					_ = c.Close(websocket.StatusPolicyViolation, "bye")
					return
				}
				_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"event","match_id":"m-1","event":{"type":"action","round":1,"turn":0,"seat":0,"action":"call","amount":0}}`))
				_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"match_end","match_id":"m-1"}`))
				_, _, _ = c.Read(ctx)
			})
			p, base := relayWith(t, proxy.Options{Target: srv.URL})
			hello := []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"t"}`)
			// The first connection: an illegal move, the error, a close.
			c, _, err := websocket.Dial(ctx, base+"0", nil)
			if err != nil {
				t.Fatal(err)
			}
			_ = c.Write(ctx, websocket.MessageText, hello)
			<-got
			if _, b, err := c.Read(ctx); err != nil || string(b) != turn {
				t.Fatalf("first your_turn: %q %v", b, err)
			}
			_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","match_id":"m-1","turn":0,"action":"raise","amount":99}`))
			<-got
			if _, b, err := c.Read(ctx); err != nil || !bytes.Equal(b, errMsg) {
				t.Fatalf("the error: %q %v, want %s", b, err, errMsg)
			}
			_, _, err = c.Read(ctx)
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("the first connection ended with %v, want the server's 1008", err)
			}
			c.CloseNow()
			time.Sleep(100 * time.Millisecond) // the first close is judged before the reopen
			// The reopened connection: the same turn, answered legally.
			c2, _, err := websocket.Dial(ctx, base+"0", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c2.CloseNow()
			_ = c2.Write(ctx, websocket.MessageText, hello)
			if b := <-got; !bytes.Equal(b, hello) {
				t.Errorf("the server got %q on the reopened connection", b)
			}
			if _, b, err := c2.Read(ctx); err != nil || string(b) != turn {
				t.Fatalf("reopened your_turn: %q %v", b, err)
			}
			move := []byte(`{"type":"move","match_id":"m-1","turn":0,"action":"call"}`)
			_ = c2.Write(ctx, websocket.MessageText, move)
			if b := <-got; !bytes.Equal(b, move) {
				t.Errorf("the server got %q, want %q", b, move)
			}
			for {
				_, b, err := c2.Read(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Contains(b, []byte("match_end")) {
					break
				}
			}
			_ = c2.Close(websocket.StatusNormalClosure, "")
			if err := p.WaitEnded(ctx, 1); err != nil {
				t.Fatal(err)
			}
			if n, _ := p.Ended(); n != 1 {
				t.Errorf("%d match ends, want 1", n)
			}
			rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{"inference"}}, nil)
			rep.Checks = p.Checks()
			for _, f := range failing(rep) {
				if strings.HasPrefix(f, "inference/agent.only-when-asked") || strings.HasPrefix(f, "inference/agent.recover-after-error") {
					dump(t, rep)
					t.Errorf("finding %s: the reopened turn was not judged as the same seat's", f)
				}
			}
			for _, ch := range rep.Checks {
				if ch.Name == "agent-legal-answers" && len(ch.Findings) != 1 {
					dump(t, rep)
					t.Errorf("agent-legal-answers: %d findings, want the first connection's illegal raise", len(ch.Findings))
				}
				if ch.Name == "server-match-log" && strings.Contains(ch.Reason, "did not end") {
					dump(t, rep)
					t.Errorf("the match was ended by the first connection's close: %s", ch.Reason)
				}
			}
		})
	}
}

// TestBrokenSideClosesPeer: a side that breaks (its TCP connection gone
// without a close frame) has its peer told "going away" at once; a side
// that goes silent is closed at the idle timeout; a target that takes the
// connection but never answers the handshake gets the agent a 502 at the
// dial timeout. Every wait ends well within its bound.
func TestBrokenSideClosesPeer(t *testing.T) {
	const bound = 5 * time.Second
	hello := []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"t"}`)
	t.Run("server drops", func(t *testing.T) {
		ctx := testContext(t, 30*time.Second)
		srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
			_, _, _ = c.Read(ctx)
			c.CloseNow() // no close frame
		})
		_, base := relayWith(t, proxy.Options{Target: srv.URL})
		c, _, err := websocket.Dial(ctx, base+"0", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		_ = c.Write(ctx, websocket.MessageText, hello)
		t0 := time.Now()
		_, _, err = c.Read(ctx)
		if websocket.CloseStatus(err) != websocket.StatusGoingAway || time.Since(t0) > bound {
			t.Errorf("the agent's connection ended with %v after %v, want 1001 at once", err, time.Since(t0))
		}
	})
	t.Run("agent drops", func(t *testing.T) {
		ctx := testContext(t, 30*time.Second)
		ended := make(chan error, 1)
		srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
			_, _, _ = c.Read(ctx)
			_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"welcome"}`))
			_, _, err := c.Read(ctx)
			ended <- err
		})
		_, base := relayWith(t, proxy.Options{Target: srv.URL})
		c, _, err := websocket.Dial(ctx, base+"0", nil)
		if err != nil {
			t.Fatal(err)
		}
		_ = c.Write(ctx, websocket.MessageText, hello)
		_, _, _ = c.Read(ctx)
		t0 := time.Now()
		c.CloseNow()
		select {
		case err := <-ended:
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Errorf("the server's connection ended with %v, want 1001", err)
			}
		case <-time.After(bound):
			t.Errorf("the server's connection still open %v after the agent broke", time.Since(t0))
		}
	})
	t.Run("server silent", func(t *testing.T) {
		ctx := testContext(t, 30*time.Second)
		srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
			_, _, _ = c.Read(ctx)
			<-ctx.Done()
		})
		_, base := relayWith(t, proxy.Options{Target: srv.URL, IdleTimeout: 300 * time.Millisecond})
		c, _, err := websocket.Dial(ctx, base+"0", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		_ = c.Write(ctx, websocket.MessageText, hello)
		t0 := time.Now()
		_, _, err = c.Read(ctx)
		if err == nil || time.Since(t0) > bound {
			t.Errorf("the agent's connection ended with %v after %v, want an end at the idle timeout", err, time.Since(t0))
		}
	})
	t.Run("handshake never answered", func(t *testing.T) {
		ctx := testContext(t, 30*time.Second)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close() // takes the connection, says nothing
			}
		}()
		_, base := relayWith(t, proxy.Options{Target: "http://" + ln.Addr().String(), DialTimeout: 300 * time.Millisecond})
		t0 := time.Now()
		_, resp, err := websocket.Dial(ctx, base+"0", nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusBadGateway || time.Since(t0) > bound {
			t.Errorf("dial: %v, %v after %v; want a 502 at the dial timeout", err, resp, time.Since(t0))
		}
	})
}

// TestTranscriptAroundFinding: a finding's transcript holds the seat's
// messages before it and the few after it (here the server's error that
// answered the illegal move).
func TestTranscriptAroundFinding(t *testing.T) {
	ctx := testContext(t, 30*time.Second)
	const turn = `{"type":"your_turn","match_id":"m-1","round":1,"turn":0,"deadline_ms":5000,` +
		`"visible_state":{"round":1,"your_seat":0,"to_call":0,"players":[]},"legal_actions":[{"action":"fold"},{"action":"call","amount":0}]}`
	const errMsg = `{"type":"error","match_id":"m-1","turn":0,"code":"illegal_move","message":"after the finding"}`
	srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
		_, _, _ = c.Read(ctx)
		_ = c.Write(ctx, websocket.MessageText, []byte(turn))
		_, _, _ = c.Read(ctx)
		_ = c.Write(ctx, websocket.MessageText, []byte(errMsg))
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"match_end","match_id":"m-1"}`))
		_, _, _ = c.Read(ctx)
	})
	p, base := relayWith(t, proxy.Options{Target: srv.URL})
	c, _, err := websocket.Dial(ctx, base+"0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"t"}`))
	_, _, _ = c.Read(ctx)
	_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","match_id":"m-1","turn":0,"action":"raise","amount":5}`))
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("match_end")) {
			break
		}
	}
	_ = c.Close(websocket.StatusNormalClosure, "")
	if err := p.WaitEnded(ctx, 1); err != nil {
		t.Fatal(err)
	}
	for _, ch := range p.Checks() {
		if ch.Name != "agent-legal-answers" {
			continue
		}
		if len(ch.Findings) != 1 {
			t.Fatalf("agent-legal-answers: %d findings, want 1", len(ch.Findings))
		}
		var dirs []string
		after := false
		for _, m := range ch.Findings[0].Transcript {
			dirs = append(dirs, string(m.Dir))
			if bytes.Contains(m.Body, []byte("after the finding")) {
				after = true
			}
		}
		if !after {
			t.Errorf("the transcript (%v) ends at the finding: the server's error after it is not there", dirs)
		}
		return
	}
	t.Fatal("no agent-legal-answers check")
}

// TestJudgeBehindNeverSlowsRelay: with judges that get (almost) no time,
// a burst of messages far over a connection's judge queue still passes at
// once and unchanged; what the judge could not queue is counted unjudged
// and the match's relay-coverage check is inconclusive, not passed.
func TestJudgeBehindNeverSlowsRelay(t *testing.T) {
	ctx := testContext(t, 30*time.Second)
	const n = 3000
	msg := func(i int) []byte {
		return []byte(fmt.Sprintf(`{"type":"event","match_id":"m-1","event":{"type":"message","round":1,"seat":1,"text":"%d %s"}}`, i, strings.Repeat("x", 500)))
	}
	srv := fakeServer(t, func(ctx context.Context, c *websocket.Conn) {
		_, _, _ = c.Read(ctx)
		for i := range n {
			if err := c.Write(ctx, websocket.MessageText, msg(i)); err != nil {
				return
			}
		}
		_, _, _ = c.Read(ctx)
	})
	p, base := relayWith(t, proxy.Options{Target: srv.URL, JudgeShare: 1e-9})
	c, _, err := websocket.Dial(ctx, base+"0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","match_id":"m-1","seat":0,"token":"t"}`))
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for i := range n {
		_, b, err := c.Read(rctx)
		if err != nil {
			t.Fatalf("message %d: %v (the relay waited for its judge)", i, err)
		}
		if !bytes.Equal(b, msg(i)) {
			t.Fatalf("message %d changed: %.80s", i, b)
		}
	}
	_ = c.Close(websocket.StatusNormalClosure, "")
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	judged, unjudged := p.Coverage()
	if unjudged == 0 || judged+unjudged != n+1 {
		t.Errorf("judged %d, unjudged %d; want some unjudged, %d in all", judged, unjudged, n+1)
	}
	for _, ch := range p.Checks() {
		if ch.Name == "relay-coverage" && (ch.Status != reports.Skip || !strings.Contains(ch.Reason, "relayed unjudged")) {
			t.Errorf("relay-coverage: %s (%s), want inconclusive", ch.Status, ch.Reason)
		}
	}
}
