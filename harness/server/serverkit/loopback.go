package serverkit

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Loopback is a handler served on a free port of 127.0.0.1.
type Loopback struct {
	// URL is the base URL, http://127.0.0.1:PORT.
	URL string

	srv      *http.Server
	done     chan struct{}
	shutdown func(ctx context.Context) error
}

// StartLoopback serves h on a free loopback port. shutdown, when not nil,
// stops the game server behind h; Close calls it first (it closes the
// WebSocket connections, which http.Server does not track). When the port
// cannot be had, shutdown is called and the error returned.
func StartLoopback(h http.Handler, shutdown func(ctx context.Context) error) (*Loopback, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		if shutdown != nil {
			_ = shutdown(context.Background())
		}
		return nil, err
	}
	l := &Loopback{URL: "http://" + ln.Addr().String(), srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second},
		done: make(chan struct{}), shutdown: shutdown}
	go func() {
		defer close(l.done)
		if err := l.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the listener was closed under us; Close reports nothing more
		}
	}()
	return l, nil
}

// Close stops the game server, then the listener, within ctx, and waits for
// the serving goroutine. The error is the game server's.
func (l *Loopback) Close(ctx context.Context) error {
	var err error
	if l.shutdown != nil {
		err = l.shutdown(ctx)
	}
	_ = l.srv.Shutdown(ctx)
	_ = l.srv.Close()
	<-l.done
	return err
}
