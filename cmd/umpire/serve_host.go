package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/server/guard"
)

// hostFlags are the flags of serve that make the server safe to expose:
// the admin token, the connection layer (package guard) and the game
// server's bounds and expiry (lim, declared by the game's part).
type hostFlags struct {
	game string

	adminToken *string
	open       *bool

	readHeader, body, httpIdle *time.Duration
	maxHeader                  *int
	maxBody                    *int64
	maxConnsPerIP              *int

	lim gamecli.Limits
}

// addHostFlags declares the flags of game's serve on fs but the game
// server's bounds, which the game's part declares on h.lim
// (gamecli.Serve.Flags).
func addHostFlags(fs *flag.FlagSet, game string) *hostFlags {
	h := &hostFlags{game: game}
	h.adminToken = fs.String("admin-token", "", "token that creating a match or room needs (header Authorization: Bearer TOKEN); default "+guard.TokenEnv+", else a random one when --addr is not loopback")
	h.open = fs.Bool("open", false, "let anyone create matches or rooms on a non-loopback --addr, without the admin token")
	h.readHeader = fs.Duration("read-header-timeout", guard.DefaultReadHeaderTimeout, "time to read a request's header")
	h.body = fs.Duration("body-timeout", guard.DefaultBodyTimeout, "time to read a request's whole body (a body trickled slower is cut off)")
	h.httpIdle = fs.Duration("http-idle-timeout", guard.DefaultIdleTimeout, "close a keep-alive connection idle this long")
	h.maxHeader = fs.Int("max-header-bytes", guard.DefaultMaxHeaderBytes, "largest request header")
	h.maxBody = fs.Int64("max-body-bytes", guard.DefaultMaxBodyBytes, "largest request body")
	h.maxConnsPerIP = fs.Int("max-conns-per-ip", guard.DefaultMaxConnsPerIP, "connections open at once from one client address (WebSockets included; -1: no cap)")
	return h
}

// check validates the flags against each other and the one match of
// serve (its --deadline and --rounds); false said on stderr.
func (h *hostFlags) check(e *env, deadline time.Duration, rounds int) bool {
	positive := map[string]int64{"max-header-bytes": int64(*h.maxHeader), "max-body-bytes": *h.maxBody}
	l := &h.lim
	if l.MaxRounds != nil {
		positive["max-rounds"], positive["max-credits"], positive["max-ante"], positive["max-finished"] = int64(*l.MaxRounds), int64(*l.MaxCredits), int64(*l.MaxAnte), int64(*l.MaxFinished)
	}
	positive[l.Running] = int64(*l.MaxRunning)
	for name, v := range positive {
		if v < 1 {
			fmt.Fprintf(e.stderr, "umpire: --%s must be at least 1\n", name)
			return false
		}
	}
	for name, d := range map[string]time.Duration{"read-header-timeout": *h.readHeader, "body-timeout": *h.body, "http-idle-timeout": *h.httpIdle, "max-deadline": *l.MaxDeadline} {
		if d <= 0 {
			fmt.Fprintf(e.stderr, "umpire: --%s must be positive\n", name)
			return false
		}
	}
	if *h.maxConnsPerIP == 0 || *h.maxConnsPerIP < -1 {
		fmt.Fprintln(e.stderr, "umpire: --max-conns-per-ip must be at least 1, or -1 for no cap")
		return false
	}
	if deadline > *l.MaxDeadline {
		fmt.Fprintf(e.stderr, "umpire: --deadline %v is over --max-deadline %v\n", deadline, *l.MaxDeadline)
		return false
	}
	if l.MaxRounds != nil && rounds > *l.MaxRounds {
		fmt.Fprintf(e.stderr, "umpire: --rounds %d is over --max-rounds %d\n", rounds, *l.MaxRounds)
		return false
	}
	if *l.Idle > 0 && *l.Idle < *l.MaxDeadline {
		fmt.Fprintf(e.stderr, "umpire: --idle-timeout %v is shorter than --max-deadline %v: an agent taking its time would be expired\n", *l.Idle, *l.MaxDeadline)
		return false
	}
	return true
}

// listenGuarded listens on addr behind the connection layer and serves h
// in the background; served gets what Serve returns. token is the admin
// token creation needs ("" when open): --admin-token or its variable when
// given, else a random one when addr is not loopback, unless --open. ok
// is false, the failure said on stderr, when addr cannot be listened on.
func listenGuarded(e *env, addr string, h http.Handler, hf *hostFlags, create []string) (hs *http.Server, hostport, token string, served <-chan error, ok bool) {
	cfg := guard.Config{
		ReadHeaderTimeout: *hf.readHeader, BodyTimeout: *hf.body, IdleTimeout: *hf.httpIdle,
		MaxHeaderBytes: *hf.maxHeader, MaxBodyBytes: *hf.maxBody, MaxConnsPerIP: *hf.maxConnsPerIP,
		Create: create,
	}
	ln, err := guard.Listen(addr, cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: cannot listen on %s: %v\n", addr, err)
		return nil, "", "", nil, false
	}
	token = *hf.adminToken
	if token == "" {
		token = os.Getenv(guard.TokenEnv)
	}
	switch {
	case *hf.open:
		token = ""
		if !guard.IsLoopback(ln.Addr()) {
			fmt.Fprintf(e.stderr, "umpire: WARNING: --open: anyone who reaches %s may create matches or rooms\n", ln.Addr())
		}
	case token == "" && !guard.IsLoopback(ln.Addr()):
		token = guard.NewToken()
	}
	cfg.AdminToken = token
	hs = guard.NewServer(h, cfg)
	ch := make(chan error, 1)
	go func() { ch <- hs.Serve(ln) }()
	return hs, ln.Addr().String(), token, ch, true
}
