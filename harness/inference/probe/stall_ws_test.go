package probe

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/reports"
)

// TestSilentWebSocketGivesUp: an Inference server that creates matches and
// accepts every seat's WebSocket, then never says a word, is given up after
// MaxTimedOut checks in a row ran out of time — whatever words their
// errors used — instead of every check waiting out its budget (a silent
// WebSocket cost twelve minutes before).
func TestSilentWebSocketGivesUp(t *testing.T) {
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/inference/matches", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"match_id":"m1","tokens":{"0":"a","1":"b","2":"c","3":"d","4":"e","5":"f"}}`))
	})
	mux.HandleFunc("/ws/inference", func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer close(stop)
	const budget = 400 * time.Millisecond
	tg := &conform.Target{Game: conform.GameInference, URL: srv.URL, Create: true, CheckTimeout: budget}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	checks := conform.Checks(conform.GameInference)
	start := time.Now()
	out := conform.RunAll(context.Background(), tg, checks, nil)
	ran, given := 0, 0
	for _, rc := range out {
		if strings.HasPrefix(rc.Reason, "not run:") {
			given++
			continue
		}
		ran++
		if rc.Status != reports.Error {
			t.Errorf("%s: %s against a silent server, want error (%s)", rc.Name, rc.Status, rc.Reason)
		}
	}
	if given == 0 {
		t.Fatalf("all %d checks ran against a silent server; want the suite given up after %d stalled checks in a row", ran, conform.MaxTimedOut)
	}
	if el := time.Since(start); el > time.Duration(ran)*(budget+3*time.Second) {
		t.Errorf("the suite took %v for %d checks run", el, ran)
	}
}
