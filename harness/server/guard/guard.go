package guard

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// Defaults of a Config.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultBodyTimeout       = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultMaxBodyBytes      = 1 << 20
	DefaultMaxConnsPerIP     = 256
)

// TokenEnv is the environment variable that may give the admin token.
const TokenEnv = "UMPIRE_ADMIN_TOKEN"

// Config is the connection policy of an exposed server. Zero durations and
// sizes take the defaults; a negative one switches the bound off.
type Config struct {
	// ReadHeaderTimeout bounds the reading of a request's header.
	ReadHeaderTimeout time.Duration
	// BodyTimeout bounds the reading of a request's whole body, from the
	// moment its handler starts.
	BodyTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle for this long.
	IdleTimeout time.Duration
	// MaxHeaderBytes caps a request's header.
	MaxHeaderBytes int
	// MaxBodyBytes caps a request's body.
	MaxBodyBytes int64
	// MaxConnsPerIP caps the connections open at once from one client
	// address (used by Listen).
	MaxConnsPerIP int
	// AdminToken, when not empty, is required by the routes of Create.
	AdminToken string
	// Create lists the routes that need the admin token, as "METHOD /path".
	Create []string
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&c.BodyTimeout, DefaultBodyTimeout)
	def(&c.IdleTimeout, DefaultIdleTimeout)
	if c.MaxHeaderBytes == 0 {
		c.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if c.MaxBodyBytes == 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.MaxConnsPerIP == 0 {
		c.MaxConnsPerIP = DefaultMaxConnsPerIP
	}
	return c
}

// NewServer returns an http.Server for h with the timeouts and sizes of c,
// h wrapped by Handler.
func NewServer(h http.Handler, c Config) *http.Server {
	c = c.withDefaults()
	hs := &http.Server{Handler: Handler(h, c)}
	if c.ReadHeaderTimeout > 0 {
		hs.ReadHeaderTimeout = c.ReadHeaderTimeout
	}
	if c.IdleTimeout > 0 {
		hs.IdleTimeout = c.IdleTimeout
	}
	if c.MaxHeaderBytes > 0 {
		hs.MaxHeaderBytes = c.MaxHeaderBytes
	}
	return hs
}

// Handler wraps h: the routes of c.Create need c.AdminToken (when set),
// and every request body is capped at c.MaxBodyBytes and must arrive
// within c.BodyTimeout.
func Handler(h http.Handler, c Config) http.Handler {
	c = c.withDefaults()
	create := map[string]bool{}
	for _, r := range c.Create {
		create[r] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c.AdminToken != "" && create[r.Method+" "+r.URL.Path] && !tokenOK(r, c.AdminToken) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="umpire"`)
			writeError(w, http.StatusUnauthorized, "unauthorized",
				"creating a match or room on this server needs its admin token: send it as Authorization: Bearer TOKEN (or X-Admin-Token: TOKEN); "+
					"umpire serve prints it at start, or takes it from --admin-token or "+TokenEnv)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			body := r.Body
			if c.MaxBodyBytes > 0 {
				body = http.MaxBytesReader(w, body, c.MaxBodyBytes)
			}
			if c.BodyTimeout > 0 {
				rc := http.NewResponseController(w)
				if rc.SetReadDeadline(time.Now().Add(c.BodyTimeout)) == nil {
					db := &deadlineBody{ReadCloser: body, rc: rc, w: w, limit: c.BodyTimeout}
					body = db
					defer func() {
						if !db.timedOut {
							_ = rc.SetReadDeadline(time.Time{})
						}
					}()
				}
			}
			r.Body = body
		}
		h.ServeHTTP(w, r)
	})
}

// ErrBodyTimeout is what reading a body that did not arrive in time
// returns.
var ErrBodyTimeout = errors.New("the request body did not arrive in time")

// deadlineBody lifts the connection's read deadline once the body is read
// to its end (net/http then reads on in the background to see the client
// go away, which must not time out during a long answer), and names the
// bound when the deadline cuts the body off.
// A body cut off keeps the passed deadline, so that net/http does not go
// on reading its rest to keep the connection: the connection is closed.
type deadlineBody struct {
	io.ReadCloser
	rc       *http.ResponseController
	w        http.ResponseWriter
	limit    time.Duration
	done     bool
	timedOut bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !b.done {
		b.done = true
		if errors.Is(err, os.ErrDeadlineExceeded) {
			b.timedOut = true
			b.w.Header().Set("Connection", "close")
			return n, fmt.Errorf("%w: not complete within %v (body-timeout)", ErrBodyTimeout, b.limit)
		}
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

func tokenOK(r *http.Request, want string) bool {
	got := r.Header.Get("X-Admin-Token")
	if a := r.Header.Get("Authorization"); got == "" && len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		got = strings.TrimSpace(a[7:])
	}
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// writeError writes {"error":{"code","message"}}, the shape both games'
// servers use.
func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]map[string]string{"error": {"code": code, "message": msg}})
}

// NewToken returns a fresh random admin token.
func NewToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// IsLoopback reports whether a listener's address accepts loopback
// connections only (127.0.0.0/8, ::1). The unspecified address (0.0.0.0,
// ::) listens on every interface and is not.
func IsLoopback(a net.Addr) bool {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.IsLoopback()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
