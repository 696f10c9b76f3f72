package proxy_test

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
)

// TestTransparent: the same seeded match, played by the same agents once
// straight against a fresh server and once through the relay against
// another, leaves byte-identical server logs once the match id (which the
// server draws at random when it makes a match) is blanked out.
func TestTransparent(t *testing.T) {
	for _, g := range games(t) {
		t.Run(g.Name, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			var logs [2][]byte
			for i, relayed := range []bool{false, true} {
				r := proxytest.New(t, g)
				c := r.Create("proxy-transparent", g.Seats, []int{0, 1}, 5000)
				base := r.Server.URL
				if relayed {
					base = r.Front.URL
				}
				r.Play(ctx, base, c)
				if relayed {
					r.Report(ctx, 1)
				}
				logs[i] = matchIDs.ReplaceAll(serverLog(t, r, c), []byte(`"$1":"ID"`))
			}
			if len(logs[0]) == 0 {
				t.Fatal("the direct run left an empty log")
			}
			if !bytes.Equal(logs[0], logs[1]) {
				t.Fatalf("the logs differ:\ndirect  (%d bytes): %.300s\nrelayed (%d bytes): %.300s", len(logs[0]), logs[0], len(logs[1]), logs[1])
			}
		})
	}
}

// matchIDs matches the match id fields of both games' logs.
var matchIDs = regexp.MustCompile(`"(match_id|matchId)":"[^"]*"`)

// serverLog reads the server's log of a match straight from the server.
func serverLog(t *testing.T, r *rig, c created) []byte {
	t.Helper()
	resp, err := http.Get(r.Game.LogURL(r.Server.URL, c))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("log: HTTP %d %v: %s", resp.StatusCode, err, b)
	}
	return b
}
