package conform

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestPreflight: a match or room handed over with a wrong token, another
// seat's token or an unknown id cannot be played, and Preflight says so
// before any check runs; with the right tokens it passes and the checks
// still judge the session afterwards.
func TestPreflight(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			e, err := StartEmbedded(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ctx := context.Background()
			given := func() *Target { return handOver(t, game, e.URL, "preflight") }
			for _, tc := range []struct {
				name string
				edit func(tg *Target)
				want string
			}{
				{"right tokens", func(*Target) {}, ""},
				{"wrong token", func(tg *Target) { tg.Seats[0] = "wrong" }, "seat 0"},
				{"another seat's token", func(tg *Target) { tg.Seats[0] = tg.Seats[1] }, "seat 0"},
				{"unknown match or room", func(tg *Target) { tg.Match = "no-such-id" }, "the server does not know the"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					tg := given()
					tc.edit(tg)
					if err := tg.Validate(); err != nil {
						t.Fatal(err)
					}
					err := Preflight(ctx, tg)
					if tc.want == "" {
						if err != nil {
							t.Fatalf("Preflight: %v", err)
						}
						// The session still plays after the preflight.
						passed := 0
						for _, c := range Checks(game) {
							if rc := Run(ctx, tg, c); rc.Status == reports.Pass {
								passed++
							} else if rc.Status == reports.Fail || rc.Status == reports.Error {
								t.Errorf("%s after the preflight: %v %s %v", c.Name, rc.Status, rc.Reason, rc.Findings)
							}
						}
						if passed == 0 {
							t.Error("no check passed after the preflight")
						}
						return
					}
					if !errors.Is(err, ErrCannotPlay) || !strings.Contains(err.Error(), tc.want) {
						t.Fatalf("Preflight = %v, want ErrCannotPlay naming %q", err, tc.want)
					}
				})
			}
		})
	}
}

// TestPreflightCreate: with --create, Preflight creates one match or room
// through the harness extension: a server without it (a plain web server
// answering 501 with a page) cannot be played, said in one line that
// names the extension and quotes no HTML; the embedded server passes.
func TestPreflightCreate(t *testing.T) {
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotImplemented)
		_, _ = w.Write([]byte("<!DOCTYPE html><html><body>Unsupported method</body></html>"))
	}))
	defer plain.Close()
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			tg := &Target{Game: game, URL: plain.URL, Create: true}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			err := Preflight(context.Background(), tg)
			if !errors.Is(err, ErrCannotPlay) || !strings.Contains(err.Error(), "does not offer it (POST /api/") || strings.Contains(err.Error(), "<") {
				t.Fatalf("Preflight = %v, want ErrCannotPlay naming the missing harness extension, no HTML", err)
			}
			e, err := StartEmbedded(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg = &Target{Game: game, URL: e.URL, Create: true}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			if err := Preflight(context.Background(), tg); err != nil {
				t.Fatalf("Preflight against the embedded server: %v", err)
			}
		})
	}
}
