package conform

import (
	"context"
	"net/http"
	"time"

	"github.com/umpire-arena/umpire/harness/server/serverkit"
)

// Embedded is umpire's reference server for one game, running in-process on
// a loopback port.
type Embedded struct {
	// URL is the server's base URL.
	URL string

	l *serverkit.Loopback
}

// StartEmbedded starts the reference server of game on 127.0.0.1 with the
// named faults switched on (none for a conforming server). Close stops it.
func StartEmbedded(game string, faults []string) (*Embedded, error) {
	return StartEmbeddedDialects(game, faults, nil)
}

// StartEmbeddedDialects is StartEmbedded with the named dialects switched
// on too: legitimate alternative choices where the documents are silent,
// which a conforming server may make (BangArena: basrv.DialectList).
func StartEmbeddedDialects(game string, faults, dialects []string) (*Embedded, error) {
	s, err := suiteOf(game)
	if err != nil {
		return nil, err
	}
	return s.Start(faults, dialects)
}

// startLoopback serves a game server's handler on a loopback port.
func StartLoopback(h http.Handler, shutdown func(ctx context.Context) error) (*Embedded, error) {
	l, err := serverkit.StartLoopback(h, shutdown)
	if err != nil {
		return nil, err
	}
	return &Embedded{URL: l.URL, l: l}, nil
}

// Close stops the server and waits for its goroutines (at most 10 s).
func (e *Embedded) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return e.l.Close(ctx)
}

// kinded turns plain names into a server's named kind.
func Kinded[K ~string](names []string) []K {
	out := make([]K, len(names))
	for i, n := range names {
		out[i] = K(n)
	}
	return out
}
