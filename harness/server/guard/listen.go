package guard

import (
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"
)

// Listen listens on TCP addr with at most c.MaxConnsPerIP connections
// open at once per client address (negative: no cap).
func Listen(addr string, c Config) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	c = c.withDefaults()
	if c.MaxConnsPerIP < 0 {
		return ln, nil
	}
	return LimitPerIP(ln, c.MaxConnsPerIP), nil
}

// LimitPerIP wraps ln so that at most max connections from one client
// address are open at once; one more is answered 503 and closed.
func LimitPerIP(ln net.Listener, max int) net.Listener {
	return &perIP{Listener: ln, max: max, open: map[string]int{}}
}

type perIP struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int
}

// busyAnswer is what a connection over the cap gets.
const busyAnswer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: %d\r\n\r\n%s"

func (l *perIP) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := clientIP(conn.RemoteAddr())
		l.mu.Lock()
		if l.open[ip] >= l.max {
			l.mu.Unlock()
			go refuse(conn, l.max)
			continue
		}
		l.open[ip]++
		l.mu.Unlock()
		return &countedConn{Conn: conn, release: func() { l.release(ip) }}, nil
	}
}

func (l *perIP) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip]--; l.open[ip] <= 0 {
		delete(l.open, ip)
	}
}

// refuse answers a connection over the cap and closes it, within a second.
func refuse(conn net.Conn, max int) {
	defer conn.Close()
	body := `{"error":{"code":"too_many_connections","message":"this client address has ` + strconv.Itoa(max) + ` connections open, the bound max-conns-per-ip"}}` + "\n"
	_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
	_, _ = conn.Write([]byte(fmt.Sprintf(busyAnswer, len(body), body)))
}

type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

func clientIP(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}
