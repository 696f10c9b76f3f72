package proxy_test

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/reports"
)

// TestTLSTarget: the target is served over TLS (an httptest TLS server in
// front of the embedded server, its certificate trusted through
// Options.Transport); the example agents play through the relay, which
// speaks TLS to the target for the relayed requests, the WebSocket tunnel
// and the log fetch, and judges the match conforming.
func TestTLSTarget(t *testing.T) {
	for _, game := range []string{harness.GameInference, harness.GameBangArena} {
		t.Run(game, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			srv, err := conform.StartEmbedded(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { srv.Close() })
			u, err := url.Parse(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			target := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(u))
			t.Cleanup(target.Close)
			p, err := proxy.New(proxy.Options{Game: game, Target: target.URL, Transport: target.Client().Transport, LogTimeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			front := httptest.NewServer(p)
			t.Cleanup(func() {
				front.Close()
				if err := p.Close(); err != nil {
					t.Error(err)
				}
			})
			r := &rig{t: t, game: game, server: srv, relay: p, front: front}
			seats := 3
			if game == harness.GameBangArena {
				seats = 4
			}
			c := r.create("proxy-tls", seats, []int{0, 1}, 3000)
			r.play(ctx, front.URL, c)
			rep := r.report(ctx, 1)
			if code := rep.ExitCode(); code != 0 {
				dump(t, rep)
				t.Fatalf("exit code %d, findings %v", code, failing(rep))
			}
			if judged, _ := p.Coverage(); game == harness.GameInference && judged == 0 {
				t.Fatal("no WebSocket message relayed was judged")
			}
			// The log, fetched from the target over TLS, was verified;
			// the server's messages were schema-checked.
			passed := map[string]bool{}
			for _, ch := range rep.Checks {
				passed[ch.Name] = ch.Status == reports.Pass
			}
			logCheck := "server-match-log"
			if game == harness.GameBangArena {
				logCheck = "server-room-log"
			}
			for _, name := range []string{logCheck, "server-schema", "server-legal-actions"} {
				if !passed[name] {
					dump(t, rep)
					t.Errorf("check %s did not pass", name)
				}
			}
		})
	}
}
