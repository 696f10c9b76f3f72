package proxy

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/tidwall/gjson"
)

// dialTimeout bounds the connection to the target.
const dialTimeout = 10 * time.Second

// wsSkipHeaders are the request headers the WebSocket handshake to the
// target makes itself (or that are hop by hop).
var wsSkipHeaders = map[string]bool{
	"Host": true, "Upgrade": true, "Connection": true, "Sec-Websocket-Key": true, "Sec-Websocket-Version": true,
	"Sec-Websocket-Extensions": true, "Sec-Websocket-Protocol": true, "Sec-Websocket-Accept": true,
	"Keep-Alive": true, "Te": true, "Trailer": true, "Transfer-Encoding": true, "Proxy-Connection": true, "Content-Length": true,
}

// serveWS relays one Inference WebSocket: the target is dialled first, so
// that a target that refuses the connection gives the agent its answer
// (status and body) and a target that cannot be reached a 502. Then the
// agent's connection is accepted and messages are relayed both ways, each
// judged after it was passed on.
func (p *Proxy) serveWS(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(p.ctx, cancel)
	defer stop()

	hdr := http.Header{}
	for k, vs := range r.Header {
		if !wsSkipHeaders[http.CanonicalHeaderKey(k)] {
			hdr[k] = vs
		}
	}
	var subs []string
	for _, v := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				subs = append(subs, s)
			}
		}
	}
	u := p.targetURL(r.URL.Path, r.URL.RawQuery)
	dctx, dcancel := context.WithTimeout(ctx, dialTimeout)
	server, resp, err := websocket.Dial(dctx, u, &websocket.DialOptions{
		HTTPHeader: hdr, Subprotocols: subs, HTTPClient: &http.Client{Transport: p.opts.Transport},
		CompressionMode: websocket.CompressionDisabled,
	})
	dcancel()
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			for k, vs := range resp.Header {
				w.Header()[k] = vs
			}
			w.WriteHeader(resp.StatusCode)
			if resp.Body != nil {
				_, _ = io.Copy(w, io.LimitReader(resp.Body, int64(p.opts.MaxMessage)))
			}
			return
		}
		http.Error(w, "umpire proxy: the target cannot be reached", http.StatusBadGateway)
		return
	}
	defer server.CloseNow()
	var acceptSubs []string
	if s := server.Subprotocol(); s != "" {
		acceptSubs = []string{s}
	}
	agent, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: acceptSubs, InsecureSkipVerify: true, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		_ = server.Close(websocket.StatusGoingAway, "the agent's handshake failed")
		return
	}
	defer agent.CloseNow()
	// One byte over the cap is what tells a message over it.
	server.SetReadLimit(int64(p.opts.MaxMessage))
	agent.SetReadLimit(int64(p.opts.MaxMessage))

	seat := -1
	if n, err := strconv.Atoi(r.URL.Query().Get("seat")); err == nil {
		seat = n
	}
	c := &infConn{p: p, matchID: r.URL.Query().Get("match"), seat: seat}
	c.mu.Lock()
	c.bind()
	c.mu.Unlock()
	defer c.closed()

	done := make(chan struct{}, 2)
	go func() { p.pump(ctx, agent, server, c.fromAgent); done <- struct{}{} }()
	go func() { p.pump(ctx, server, agent, c.fromServer); done <- struct{}{} }()
	<-done
	// One side is gone: give the other a moment to finish its close
	// handshake, then drop both.
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	cancel()
}

// pump relays the messages of from to to until either side fails, then
// closes to with from's close status (or going away when from broke).
func (p *Proxy) pump(ctx context.Context, from, to *websocket.Conn, see func(at time.Time, typ websocket.MessageType, data []byte)) {
	// Two watchdogs, reset per message, bound the waits (cheaper than a
	// context per read and write): a side silent for IdleTimeout, or a
	// write that takes WriteTimeout, ends the connection.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	idle := time.AfterFunc(p.opts.IdleTimeout, cancel)
	defer idle.Stop()
	slow := time.AfterFunc(time.Hour, cancel)
	slow.Stop()
	defer slow.Stop()
	for {
		typ, data, err := from.Read(ctx)
		if err != nil {
			closePeer(to, err)
			return
		}
		idle.Reset(p.opts.IdleTimeout)
		// Queued for judging before it is passed on (see enqueue).
		see(time.Now(), typ, data)
		slow.Reset(p.opts.WriteTimeout)
		err = to.Write(ctx, typ, data)
		slow.Stop()
		if err != nil {
			_ = from.Close(websocket.StatusGoingAway, "the other side of the relay failed")
			return
		}
	}
}

// closePeer closes to after from ended with err: the same status and
// reason for a clean close, 1009 for a message over the cap, going away
// otherwise.
func closePeer(to *websocket.Conn, err error) {
	var ce websocket.CloseError
	switch {
	case errors.As(err, &ce) && ce.Code != websocket.StatusNoStatusRcvd && ce.Code != websocket.StatusAbnormalClosure && ce.Code != websocket.StatusTLSHandshake:
		_ = to.Close(ce.Code, ce.Reason)
	case errors.As(err, &ce):
		_ = to.Close(websocket.StatusNormalClosure, "")
	case strings.Contains(err.Error(), "read limited"):
		_ = to.Close(websocket.StatusMessageTooBig, "a message over the relay's size cap")
	default:
		_ = to.Close(websocket.StatusGoingAway, "the other side of the relay went away")
	}
}

// infConn is one relayed Inference connection: its match and seat, known
// from the URL or from the agent's hello.
type infConn struct {
	p       *Proxy
	matchID string
	seat    int

	mu sync.Mutex
	im *infMatch
}

func (c *infConn) bind() *infMatch {
	if c.im == nil && c.matchID != "" && c.seat >= 0 {
		c.im = c.p.infMatchFor(c.matchID)
		im, seat := c.im, c.seat
		c.p.enqueue(im.m, func() { im.opened(seat) })
	}
	return c.im
}

// fromAgent queues a message of the agent for judging. The pumps call it
// from their own goroutines; bind is only called from the agent's pump
// before the server's pump can need it (the server speaks after hello),
// and c's fields are set once.
func (c *infConn) fromAgent(at time.Time, typ websocket.MessageType, data []byte) {
	c.mu.Lock()
	if c.im == nil && typ == websocket.MessageText {
		if r := gjson.ParseBytes(data); r.Get("type").String() == "hello" {
			if c.matchID == "" {
				c.matchID = r.Get("match_id").String()
			}
			if c.seat < 0 {
				if s := r.Get("seat"); s.Type == gjson.Number {
					c.seat = int(s.Int())
				}
			}
		}
	}
	im, seat := c.bind(), c.seat
	c.mu.Unlock()
	if im != nil {
		c.p.enqueue(im.m, func() { im.agent(seat, at, typ, data) })
	}
}

func (c *infConn) fromServer(at time.Time, typ websocket.MessageType, data []byte) {
	c.mu.Lock()
	im, seat := c.bind(), c.seat
	c.mu.Unlock()
	if im != nil {
		c.p.enqueue(im.m, func() { im.server(seat, at, typ, data) })
	}
}

func (c *infConn) closed() {
	c.mu.Lock()
	im, seat := c.im, c.seat
	c.mu.Unlock()
	if im != nil {
		c.p.enqueue(im.m, func() { im.closed(seat) })
	}
}
