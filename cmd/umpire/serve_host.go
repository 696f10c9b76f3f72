package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	"github.com/umpire-arena/umpire/harness/server/guard"
)

// hostFlags are the flags of serve that make the server safe to expose:
// the admin token, the connection layer (package guard) and the game
// server's bounds and expiry.
type hostFlags struct {
	game string
	// running names the flag of maxRunning (max-matches, max-rooms).
	running string

	adminToken *string
	open       *bool

	readHeader, body, httpIdle *time.Duration
	maxHeader                  *int
	maxBody                    *int64
	maxConnsPerIP              *int

	maxRunning   *int
	maxRounds    *int
	maxDeadline  *time.Duration
	maxCredits   *int
	maxAnte      *int
	idle         *time.Duration
	keepFinished *time.Duration
	maxFinished  *int
}

// addHostFlags declares the flags of game's serve on fs.
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
	mustGame(game).hostLimits(h, fs)
	return h
}

// inferenceHostLimits declares the Inference server's bounds and expiry.
func inferenceHostLimits(h *hostFlags, fs *flag.FlagSet) {
	h.running = "max-matches"
	h.maxRunning = fs.Int("max-matches", infsrv.DefaultMaxMatches, "matches running at once; a creation beyond gets 503")
	h.maxRounds = fs.Int("max-rounds", infsrv.DefaultMaxRounds, "most rounds a created match may ask")
	h.maxDeadline = fs.Duration("max-deadline", infsrv.DefaultMaxDeadline, "longest turn deadline a match may ask (--deadline included)")
	h.maxCredits = fs.Int("max-credits", infsrv.DefaultMaxStartingCredits, "most starting_credits a match may ask")
	h.maxAnte = fs.Int("max-ante", infsrv.DefaultMaxAnte, "largest ante (and ante ramp step) a match may ask")
	h.idle = fs.Duration("idle-timeout", infsrv.DefaultIdleTimeout, "end a match no agent has spoken in for this long (none joined, or all silent), and close a silent WebSocket (-1s: never)")
	h.keepFinished = fs.Duration("keep-finished", infsrv.DefaultKeepFinished, "keep a finished match's log this long (-1s: until --max-finished pushes it out)")
	h.maxFinished = fs.Int("max-finished", infsrv.DefaultMaxFinished, "finished matches kept at most, the oldest dropped first")
}

// bangArenaHostLimits declares the BangArena server's bounds and expiry.
func bangArenaHostLimits(h *hostFlags, fs *flag.FlagSet) {
	h.running = "max-rooms"
	h.maxRunning = fs.Int("max-rooms", baserver.DefaultMaxRooms, "rooms held at once (ended ones are dropped first to make room); a creation beyond gets 409")
	h.maxDeadline = fs.Duration("max-deadline", baserver.DefaultMaxDeadline, "longest decision deadline a room may ask (--deadline included)")
	h.idle = fs.Duration("idle-timeout", baserver.DefaultIdleTimeout, "force-end a room with agent seats that no request has named for this long (-1s: never)")
	h.keepFinished = fs.Duration("keep-finished", baserver.DefaultKeepEnded, "keep an ended room's log this long (-1s: until --max-rooms pushes it out)")
}

// check validates the flags against each other and the one match of
// serve (its --deadline and --rounds); false said on stderr.
func (h *hostFlags) check(e *env, deadline time.Duration, rounds int) bool {
	positive := map[string]int64{"max-header-bytes": int64(*h.maxHeader), "max-body-bytes": *h.maxBody}
	if h.maxRounds != nil {
		positive["max-rounds"], positive["max-credits"], positive["max-ante"], positive["max-finished"] = int64(*h.maxRounds), int64(*h.maxCredits), int64(*h.maxAnte), int64(*h.maxFinished)
	}
	positive[h.running] = int64(*h.maxRunning)
	for name, v := range positive {
		if v < 1 {
			fmt.Fprintf(e.stderr, "umpire: --%s must be at least 1\n", name)
			return false
		}
	}
	for name, d := range map[string]time.Duration{"read-header-timeout": *h.readHeader, "body-timeout": *h.body, "http-idle-timeout": *h.httpIdle, "max-deadline": *h.maxDeadline} {
		if d <= 0 {
			fmt.Fprintf(e.stderr, "umpire: --%s must be positive\n", name)
			return false
		}
	}
	if *h.maxConnsPerIP == 0 || *h.maxConnsPerIP < -1 {
		fmt.Fprintln(e.stderr, "umpire: --max-conns-per-ip must be at least 1, or -1 for no cap")
		return false
	}
	if deadline > *h.maxDeadline {
		fmt.Fprintf(e.stderr, "umpire: --deadline %v is over --max-deadline %v\n", deadline, *h.maxDeadline)
		return false
	}
	if h.maxRounds != nil && rounds > *h.maxRounds {
		fmt.Fprintf(e.stderr, "umpire: --rounds %d is over --max-rounds %d\n", rounds, *h.maxRounds)
		return false
	}
	if *h.idle > 0 && *h.idle < *h.maxDeadline {
		fmt.Fprintf(e.stderr, "umpire: --idle-timeout %v is shorter than --max-deadline %v: an agent taking its time would be expired\n", *h.idle, *h.maxDeadline)
		return false
	}
	return true
}

// negOff maps a negative duration flag (off) to -1 and keeps the rest.
func negOff(d time.Duration) time.Duration {
	if d < 0 {
		return -1
	}
	return d
}

// inferenceLimits are the bounds of the Inference server.
func (h *hostFlags) inferenceLimits() infsrv.Limits {
	return infsrv.Limits{
		MaxMatches: *h.maxRunning, MaxRounds: *h.maxRounds, MaxDeadline: *h.maxDeadline,
		MaxStartingCredits: *h.maxCredits, MaxAnte: *h.maxAnte,
		IdleTimeout: negOff(*h.idle), KeepFinished: negOff(*h.keepFinished), MaxFinished: *h.maxFinished,
	}
}

// bangArenaOptions sets the bounds of the BangArena server on o.
func (h *hostFlags) bangArenaOptions(o baserver.Options) baserver.Options {
	o.MaxRooms, o.MaxDeadline, o.IdleTimeout, o.KeepEnded = *h.maxRunning, *h.maxDeadline, negOff(*h.idle), negOff(*h.keepFinished)
	return o
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
