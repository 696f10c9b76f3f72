package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	basrv "github.com/umpire-arena/umpire/harness/server/bangarena"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
)

// Embedded is umpire's reference server for one game, running in-process on
// a loopback port.
type Embedded struct {
	// URL is the server's base URL.
	URL string

	srv   *http.Server
	done  chan struct{}
	close func(ctx context.Context) error
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
	var h http.Handler
	var shutdown func(ctx context.Context) error
	switch game {
	case GameInference:
		if len(dialects) > 0 {
			return nil, fmt.Errorf("%w: the embedded Inference server has no dialects %v", ErrConfig, dialects)
		}
		fs := make([]infsrv.Fault, len(faults))
		for i, f := range faults {
			fs[i] = infsrv.Fault(f)
		}
		s, err := infsrv.New(infsrv.Options{Faults: fs, StartTimeout: 30 * time.Second})
		if err != nil {
			return nil, err
		}
		h, shutdown = s, s.Shutdown
	case GameBangArena:
		fs := make([]basrv.Fault, len(faults))
		for i, f := range faults {
			fs[i] = basrv.Fault(f)
		}
		ds := make([]basrv.Dialect, len(dialects))
		for i, d := range dialects {
			ds[i] = basrv.Dialect(d)
		}
		s, err := basrv.New(basrv.Options{Faults: fs, Dialects: ds})
		if err != nil {
			return nil, err
		}
		h, shutdown = s.Handler(), s.Shutdown
	default:
		return nil, fmt.Errorf("%w: game %q", ErrConfig, game)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = shutdown(context.Background())
		return nil, err
	}
	e := &Embedded{URL: "http://" + ln.Addr().String(), srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}, done: make(chan struct{})}
	e.close = shutdown
	go func() {
		defer close(e.done)
		if err := e.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the listener was closed under us; Close reports nothing more
		}
	}()
	return e, nil
}

// Close stops the server and waits for its goroutines (at most 10 s).
func (e *Embedded) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := e.close(ctx)
	_ = e.srv.Shutdown(ctx)
	_ = e.srv.Close()
	<-e.done
	return err
}
