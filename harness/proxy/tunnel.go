package proxy

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Bounds of a tunnel.
const (
	// closeGrace is how long the other direction of a tunnel may run on
	// once one direction ended (to finish the close handshake).
	closeGrace = 5 * time.Second
	// tunnelBuf is the read buffer of one direction.
	tunnelBuf = 32 << 10
	// judgeQueue bounds the messages of one connection waiting for the
	// judge, and judgeQueueBytes their bytes: a message that finds the
	// queue full is relayed unjudged and counted (inconclusive).
	judgeQueue      = 1024
	judgeQueueBytes = 4 << 20
	// judgeBatch is the shortest time between two wakes of a connection's
	// judge.
	judgeBatch = 50 * time.Millisecond
	// deadlineRefresh is how often a direction renews its deadlines (a
	// deadline per read would cost a timer per message).
	deadlineRefresh = time.Second
)

// serveWS relays one WebSocket of the game as a byte tunnel: the agent's
// handshake is forwarded to the target as it came (only the offer of
// compression is withdrawn, so that the frames stay readable), the
// target's answer goes back as it came (an answer other than 101 with its
// status and body, a target that cannot be reached is a 502), and then the
// bytes flow both ways untouched. Each direction reads the frame headers
// as they pass and hands copies of whole messages to the connection's
// judge, which never holds the traffic up.
func (p *Proxy) serveWS(w http.ResponseWriter, r *http.Request) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		http.Error(w, "umpire proxy: this connection cannot carry a WebSocket", http.StatusBadGateway)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.opts.DialTimeout)
	defer cancel()
	server, err := p.dialTarget(ctx)
	if err != nil {
		http.Error(w, "umpire proxy: the target cannot be reached", http.StatusBadGateway)
		return
	}
	closeServer := true
	defer func() {
		if closeServer {
			server.Close()
		}
	}()
	_ = server.SetDeadline(time.Now().Add(p.opts.DialTimeout))
	out := r.Clone(ctx)
	out.URL.Scheme, out.URL.Host = "", ""
	out.URL.Path = p.target.Path + r.URL.Path
	out.URL.RawPath = ""
	out.Host = p.target.Host
	out.RequestURI = ""
	out.Header.Del("Sec-Websocket-Extensions")
	if _, ok := r.Header["User-Agent"]; !ok {
		out.Header.Set("User-Agent", "") // Request.Write adds none then
	}
	if err := out.Write(server); err != nil {
		http.Error(w, "umpire proxy: the target cannot be reached", http.StatusBadGateway)
		return
	}
	br := bufio.NewReaderSize(server, 4<<10)
	resp, err := http.ReadResponse(br, out)
	if err != nil {
		http.Error(w, "umpire proxy: the target did not answer the handshake", http.StatusBadGateway)
		return
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		for k, vs := range resp.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, io.LimitReader(resp.Body, int64(p.opts.MaxMessage)))
		resp.Body.Close()
		return
	}
	agent, abuf, err := hj.Hijack()
	if err != nil {
		return
	}
	defer agent.Close()
	_ = agent.SetDeadline(time.Now().Add(p.opts.DialTimeout))
	head := fmt.Appendf(nil, "HTTP/%d.%d %s\r\n", resp.ProtoMajor, resp.ProtoMinor, resp.Status)
	hw := &byteWriter{b: head}
	_ = resp.Header.Write(hw)
	head = append(hw.b, "\r\n"...)
	if _, err := agent.Write(head); err != nil {
		return
	}
	_ = agent.SetDeadline(time.Time{})
	_ = server.SetDeadline(time.Time{})

	c := p.conns.Conn(r)
	t := &tunnel{p: p, agent: agent, server: server, q: make(chan wsMsg, judgeQueue)}
	if !p.goJudge(func() { t.judge(c) }) {
		close(t.q)
		return
	}
	closeServer = false
	t.run(abuf.Reader, br)
}

// dialTarget opens a connection to the target (TLS for https).
func (p *Proxy) dialTarget(ctx context.Context) (net.Conn, error) {
	host := p.target.Host
	if p.target.Port() == "" {
		if p.target.Scheme == "https" {
			host = net.JoinHostPort(p.target.Hostname(), "443")
		} else {
			host = net.JoinHostPort(p.target.Hostname(), "80")
		}
	}
	d := &net.Dialer{Timeout: p.opts.DialTimeout}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil || p.target.Scheme != "https" {
		return conn, err
	}
	cfg := &tls.Config{}
	if tr, ok := p.opts.Transport.(*http.Transport); ok && tr.TLSClientConfig != nil {
		cfg = tr.TLSClientConfig.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName = p.target.Hostname()
	}
	cfg.NextProtos = []string{"http/1.1"}
	tc := tls.Client(conn, cfg)
	if err := tc.HandshakeContext(ctx); err != nil {
		conn.Close()
		return nil, err
	}
	return tc, nil
}

// byteWriter appends what is written to b.
type byteWriter struct{ b []byte }

func (w *byteWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// tunnel is one relayed WebSocket connection after its handshake.
type tunnel struct {
	p             *Proxy
	agent, server net.Conn
	// q carries copies of whole messages to the judge; queued counts
	// their bytes.
	q      chan wsMsg
	queued atomic.Int64
	// lost counts the messages each direction (0 the agent's, 1 the
	// server's) relayed unjudged since its last queued one; final are the
	// counts left when the tunnel ended (read after q is closed).
	final [2]int
	dirs  [2]*direction
}

// direction is one way of a tunnel: it reads src and writes dst, the only
// writer of dst (under wmu, so that the other direction may add a close
// frame between two frames).
type direction struct {
	t         *tunnel
	src       io.Reader
	srcConn   net.Conn
	dst       net.Conn
	f         framer
	fromAgent bool
	lost      int
	wmu       sync.Mutex
	lastW     time.Time
	done      bool // guarded by wmu: dst takes no more writes
}

// run relays both directions until both ended; once one ends, the other
// has closeGrace to finish, then both connections are closed. The relay
// closing ends it at once.
func (t *tunnel) run(agentSrc, serverSrc io.Reader) {
	up := &direction{t: t, src: agentSrc, srcConn: t.agent, dst: t.server, fromAgent: true}
	down := &direction{t: t, src: serverSrc, srcConn: t.server, dst: t.agent}
	t.dirs = [2]*direction{up, down}
	for _, d := range t.dirs {
		d.f = framer{limit: t.p.opts.MaxMessage, emit: d.emit, fromAgent: d.fromAgent}
	}
	stop := context.AfterFunc(t.p.ctx, func() {
		now := time.Now()
		_ = t.agent.SetDeadline(now)
		_ = t.server.SetDeadline(now)
	})
	defer stop()
	done := make(chan int, 2)
	go func() { up.run(down); done <- 0 }()
	go func() { down.run(up); done <- 1 }()
	<-done
	grace := time.Now().Add(closeGrace)
	if t.p.ctx.Err() != nil {
		grace = time.Now()
	}
	_ = t.agent.SetDeadline(grace)
	_ = t.server.SetDeadline(grace)
	<-done
	t.agent.Close()
	t.server.Close()
	t.final[0], t.final[1] = up.lost, down.lost
	close(t.q)
}

// run copies src to dst until src ends or fails, dst fails or a message
// over the cap comes; then it tells the peers: a message over the cap
// closes both sides with 1009, a side gone without a close frame has the
// other side told "going away" (when the stream stands between frames).
func (d *direction) run(other *direction) {
	buf := make([]byte, tunnelBuf)
	held := 0
	idle := d.t.p.opts.IdleTimeout
	var lastR time.Time
	for {
		if now := time.Now(); now.Sub(lastR) > deadlineRefresh {
			_ = d.srcConn.SetReadDeadline(now.Add(idle))
			lastR = now
		}
		n, rerr := d.src.Read(buf[held:])
		if n > 0 {
			b := buf[:held+n]
			d.wmu.Lock()
			k := d.f.feed(b)
			var werr error
			if k > 0 {
				werr = d.write(b[:k])
			}
			tooBig := d.f.tooBig
			if tooBig || werr != nil {
				d.done = true
			}
			if tooBig && werr == nil {
				_ = d.write(closeFrame(websocket.StatusMessageTooBig, "a message over the relay's size cap", d.fromAgent, maskKey()))
			}
			d.wmu.Unlock()
			switch {
			case tooBig:
				other.closeWith(websocket.StatusMessageTooBig, "a message over the relay's size cap")
				return
			case werr != nil:
				other.closeWith(websocket.StatusGoingAway, "the other side of the relay failed")
				return
			}
			held = copy(buf, b[k:])
			if d.f.closed && other.closing() {
				// Close frames went both ways: the close handshake is
				// over, the connection with it.
				d.wmu.Lock()
				d.done = true
				if cw, ok := d.dst.(interface{ CloseWrite() error }); ok {
					_ = cw.CloseWrite()
				}
				d.wmu.Unlock()
				return
			}
		}
		if rerr != nil {
			d.wmu.Lock()
			if !d.f.closed && !d.done {
				d.done = true
				if d.f.atBoundary() {
					_ = d.write(closeFrame(websocket.StatusGoingAway, "the other side of the relay went away", d.fromAgent, maskKey()))
				}
			}
			d.done = true
			if cw, ok := d.dst.(interface{ CloseWrite() error }); ok {
				_ = cw.CloseWrite()
			}
			d.wmu.Unlock()
			var ne net.Error
			if errors.As(rerr, &ne) && ne.Timeout() && d.t.p.ctx.Err() == nil {
				// src is there but silent past the idle timeout: it is
				// told too.
				other.closeWith(websocket.StatusGoingAway, "idle past the relay's timeout")
			}
			return
		}
	}
}

// write writes b to dst, renewing the write deadline now and then.
// Callers hold wmu.
func (d *direction) write(b []byte) error {
	if now := time.Now(); now.Sub(d.lastW) > deadlineRefresh {
		_ = d.dst.SetWriteDeadline(now.Add(d.t.p.opts.WriteTimeout))
		d.lastW = now
	}
	_, err := d.dst.Write(b)
	return err
}

// closing reports whether a close frame went d's way (relayed or added).
func (d *direction) closing() bool {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	return d.f.closed || d.done
}

// closeWith adds a close frame to d's stream when it stands between frames
// and still takes writes.
func (d *direction) closeWith(code websocket.StatusCode, reason string) {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	if d.done || d.f.closed || !d.f.atBoundary() {
		return
	}
	d.done = true
	_ = d.write(closeFrame(code, reason, d.fromAgent, maskKey()))
}

// emit queues a copy of a whole message for the judge, or counts it lost
// when the judge is behind (queue full, or its bytes over the budget).
func (d *direction) emit(m wsMsg) {
	t := d.t
	size := int64(len(m.data))
	if m.close {
		// The judge reads nothing of a close frame: one it misses is not
		// a message it could not judge.
		select {
		case t.q <- m:
			t.queued.Add(size)
		default:
		}
		return
	}
	if t.queued.Load()+size > judgeQueueBytes {
		d.lost++
		return
	}
	m.lost = d.lost
	select {
	case t.q <- m:
		t.queued.Add(size)
		d.lost = 0
	default:
		d.lost++
	}
}

// judge hands the queued messages to c in order, then the end of the
// connection.
func (t *tunnel) judge(c ConnJudge) {
	b := t.p.budget
	see := func(m wsMsg) {
		b.wait(t.p.ctx)
		t0 := time.Now()
		t.queued.Add(-int64(len(m.data)))
		if m.lost > 0 {
			c.Lost(m.fromAgent, m.lost)
		}
		if !m.close {
			c.See(Message{At: m.at, FromAgent: m.fromAgent, Type: m.typ, Data: m.data, Unreadable: m.unreadable})
		}
		b.spend(time.Since(t0))
	}
	pause := time.NewTimer(judgeBatch)
	defer pause.Stop()
	for m := range t.q {
		see(m)
		// What came meanwhile, then a pause before waiting again: a busy
		// connection wakes its judge once per judgeBatch, not once per
		// message (every wake is a goroutine the relay's compete with).
	drain:
		for {
			select {
			case m, ok := <-t.q:
				if !ok {
					break drain
				}
				see(m)
			default:
				break drain
			}
		}
		pause.Reset(judgeBatch)
		select {
		case <-pause.C:
		case <-t.p.ctx.Done():
		}
	}
	if t.final[0] > 0 {
		c.Lost(true, t.final[0])
	}
	if t.final[1] > 0 {
		c.Lost(false, t.final[1])
	}
	c.Closed()
}

// maskKey is a fresh mask key for a close frame the relay adds toward the
// server.
func maskKey() [4]byte {
	var k [4]byte
	_, _ = rand.Read(k[:])
	return k
}

// goJudge runs fn on the relay's wait group unless the relay is closing.
func (p *Proxy) goJudge(fn func()) bool {
	p.mu.Lock()
	if p.closing {
		p.mu.Unlock()
		return false
	}
	p.wg.Add(1)
	p.mu.Unlock()
	go func() {
		defer p.wg.Done()
		fn()
	}()
	return true
}
