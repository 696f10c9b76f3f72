package conform

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/reports"
)

// TestStalledServerErrors points the suite at a server that accepts every
// request and never answers: every check must end within its timeout with an
// Error verdict (umpire could not carry it out), never a pass or a hang.
func TestStalledServerErrors(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			stop := make(chan struct{})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				select {
				case <-r.Context().Done():
				case <-stop:
				}
			}))
			defer srv.Close()
			defer close(stop)
			tg := &Target{Game: game, URL: srv.URL, Create: true, CheckTimeout: 300 * time.Millisecond}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			checks := Checks(game)
			start := time.Now()
			for _, c := range checks {
				rc := Run(context.Background(), tg, c)
				// The one check that never talks to the target (the early end
				// it cannot cause) is skipped; every other one errors.
				want := reports.Error
				if strings.Contains(c.Name, "early end") {
					want = reports.Skip
				}
				if rc.Status != want {
					t.Errorf("%s: have %v (%s), want %v", c.Name, rc.Status, rc.Reason, want)
				}
				if rc.Reason == "" {
					t.Errorf("%s: an error without a reason", c.Name)
				}
			}
			// Generous bound: the checks' own timeouts plus slack, far
			// below what a hang would take.
			if el, limit := time.Since(start), time.Duration(len(checks))*(300*time.Millisecond+5*time.Second); el > limit {
				t.Errorf("the suite took %v against a stalled server, want under %v", el, limit)
			}
		})
	}
}

func TestRunTurnsPanicIntoError(t *testing.T) {
	c := Check{Name: "panics", Game: GameInference, Run: func(context.Context, *Target) Result { panic("boom") }}
	rc := Run(context.Background(), &Target{}, c)
	if rc.Status != reports.Error {
		t.Errorf("have %v, want error", rc.Status)
	}
}
