package proxy_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy"
)

// TestTargetConnectionsReused has more agents than an HTTP transport's
// default pool keeps idle connections (100 in all) make their exchanges at
// once, round after round, each agent on its own connection to the relay:
// the relay must carry them on one connection to the target per agent, not
// close the connections past 100 at the end of a round and dial them anew
// at the start of the next. Whatever the game: the relay's pool is its
// own.
func TestTargetConnectionsReused(t *testing.T) {
	for _, g := range games(t) {
		t.Run(g.Name, func(t *testing.T) {
			const agents, rounds = 150, 5
			var dialled atomic.Int64
			target := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				time.Sleep(5 * time.Millisecond) // a busy server: every exchange of a round is in flight at once
				_, _ = io.WriteString(w, `{"ok":true}`)
			}))
			target.Config.ConnState = func(_ net.Conn, s http.ConnState) {
				if s == http.StateNew {
					dialled.Add(1)
				}
			}
			target.Start()
			defer target.Close()
			p, err := proxy.New(proxy.Options{Game: g.Name, Target: target.URL})
			if err != nil {
				t.Fatal(err)
			}
			front := httptest.NewServer(p)
			defer func() {
				front.Close()
				if err := p.Close(); err != nil {
					t.Error(err)
				}
			}()
			clients := make([]*http.Client, agents)
			for i := range clients {
				clients[i] = &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
				defer clients[i].CloseIdleConnections()
			}
			for range rounds {
				var wg sync.WaitGroup
				for _, c := range clients {
					wg.Go(func() {
						// A path the relay passes on without judging.
						resp, err := c.Get(front.URL + "/api/arena/rules")
						if err != nil {
							t.Error(err)
							return
						}
						_, _ = io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					})
				}
				wg.Wait()
			}
			// A few more than one per agent may be dialled while a finished
			// exchange's connection is on its way back to the pool.
			if got, most := dialled.Load(), int64(agents+agents/5); got > most {
				t.Errorf("the relay dialled the target %d times for %d agents × %d rounds of exchanges at once; want at most %d (connections reused)", got, agents, rounds, most)
			}
		})
	}
}
