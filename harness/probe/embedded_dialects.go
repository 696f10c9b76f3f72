package probe

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
)

// StartEmbeddedInference starts umpire's Inference reference server on
// 127.0.0.1 speaking the named dialects (legitimate alternative choices
// where the rules documents are silent, see infsrv.Dialect) with the named
// faults switched on. Close stops it.
func StartEmbeddedInference(dialects, faults []string) (*Embedded, error) {
	fs := make([]infsrv.Fault, len(faults))
	for i, f := range faults {
		fs[i] = infsrv.Fault(f)
	}
	ds := make([]infsrv.Dialect, len(dialects))
	for i, d := range dialects {
		ds[i] = infsrv.Dialect(d)
	}
	s, err := infsrv.New(infsrv.Options{Faults: fs, Dialects: ds, StartTimeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = s.Shutdown(context.Background())
		return nil, err
	}
	e := &Embedded{URL: "http://" + ln.Addr().String(), srv: &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}, done: make(chan struct{})}
	e.close = s.Shutdown
	go func() {
		defer close(e.done)
		if err := e.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the listener was closed under us; Close reports nothing more
		}
	}()
	return e, nil
}
