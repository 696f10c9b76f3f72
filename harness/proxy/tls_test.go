package proxy_test

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	"github.com/umpire-arena/umpire/reports"
)

// TestTLSTarget: the target is served over TLS (an httptest TLS server in
// front of the embedded server, its certificate trusted through
// Options.Transport); the example agents play through the relay, which
// speaks TLS to the target for the relayed requests, the WebSocket tunnel
// and the log fetch, and judges the match conforming.
func TestTLSTarget(t *testing.T) {
	for _, g := range games(t) {
		t.Run(g.Name, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			srv, err := conform.StartEmbedded(g.Name, nil)
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
			r := proxytest.Front(t, g, srv, proxy.Options{Target: target.URL, Transport: target.Client().Transport, LogTimeout: 10 * time.Second})
			c := r.Create("proxy-tls", g.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, c)
			rep := r.Report(ctx, 1)
			if code := rep.ExitCode(); code != 0 {
				dump(t, rep)
				t.Fatalf("exit code %d, findings %v", code, failing(rep))
			}
			// A game that speaks over a WebSocket had the tunnel's
			// messages judged.
			side, err := game.PartOf[proxy.Side](g.Name)
			if err != nil {
				t.Fatal(err)
			}
			if judged, _ := r.Relay.Coverage(); side.WS != "" && judged == 0 {
				t.Fatal("no WebSocket message relayed was judged")
			}
			// The log, fetched from the target over TLS, was verified;
			// the server's messages were schema-checked.
			passed := map[string]bool{}
			for _, ch := range rep.Checks {
				passed[ch.Name] = ch.Status == reports.Pass
			}
			for _, name := range []string{g.LogCheck, "server-schema", "server-legal-actions"} {
				if !passed[name] {
					dump(t, rep)
					t.Errorf("check %s did not pass", name)
				}
			}
		})
	}
}
