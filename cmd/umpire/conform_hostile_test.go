package main

import (
	"bufio"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// hostileWS is what a hostile Inference server does on each seat's
// WebSocket once the handshake is done.
type hostileWS func(c net.Conn, w *bufio.Writer, stop <-chan struct{})

// hostileInference is an Inference server that creates matches (so the
// preflight of --create passes) and then treats every seat's WebSocket
// with ws, and trickles every other answer one byte a second.
func hostileInference(t *testing.T, ws hostileWS) *httptest.Server {
	t.Helper()
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/inference/matches", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"match_id":"m1","tokens":{"0":"a","1":"b","2":"c","3":"d","4":"e","5":"f","6":"g","7":"h"}}`))
	})
	mux.HandleFunc("/ws/inference", func(w http.ResponseWriter, r *http.Request) {
		h := sha1.Sum([]byte(r.Header.Get("Sec-WebSocket-Key") + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
		conn, rw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + base64.StdEncoding.EncodeToString(h[:]) + "\r\n\r\n")
		if rw.Flush() != nil {
			return
		}
		// What umpire sends is read and dropped.
		go func() {
			buf := make([]byte, 4096)
			for {
				if _, err := conn.Read(buf); err != nil {
					return
				}
			}
		}()
		ws(conn, rw.Writer, stop)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { trickle(w, r, stop) })
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { close(stop); srv.CloseClientConnections(); srv.Close() })
	return srv
}

// trickle answers 200 with an endless body, one byte a second.
func trickle(w http.ResponseWriter, r *http.Request, stop <-chan struct{}) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		if _, err := w.Write([]byte(" ")); err != nil || rc.Flush() != nil {
			return
		}
		select {
		case <-tick.C:
		case <-r.Context().Done():
			return
		case <-stop:
			return
		}
	}
}

// wsSilent says nothing.
func wsSilent(_ net.Conn, _ *bufio.Writer, stop <-chan struct{}) { <-stop }

// wsTrickle announces a text frame of 1000 bytes and sends its payload one
// byte a second.
func wsTrickle(c net.Conn, w *bufio.Writer, stop <-chan struct{}) {
	w.Write([]byte{0x81, 126, 0x03, 0xe8})
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		w.WriteByte('{')
		if w.Flush() != nil {
			return
		}
		select {
		case <-tick.C:
		case <-stop:
			return
		}
	}
}

// wsHuge announces a text frame of 2 GiB and sends bytes as fast as umpire
// reads them.
func wsHuge(c net.Conn, w *bufio.Writer, stop <-chan struct{}) {
	hdr := []byte{0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint64(hdr[2:], 2<<30)
	w.Write(hdr)
	chunk := []byte(strings.Repeat("[", 32<<10))
	for {
		select {
		case <-stop:
			return
		default:
		}
		c.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := w.Write(chunk); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				w.Reset(c)
				continue
			}
			return
		}
	}
}

// hostileBangArena is a BangArena server that creates rooms (so the
// preflight of --create passes) and trickles every other answer one byte a
// second.
func hostileBangArena(t *testing.T) *httptest.Server {
	t.Helper()
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/ai/rooms", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"roomId":"r1","tokens":{"0":"a","1":"b","2":"c","3":"d"}}`))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { trickle(w, r, stop) })
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { close(stop); srv.CloseClientConnections(); srv.Close() })
	return srv
}

// TestConformHostileEndsSoon points conform at servers that trickle (an
// Inference WebSocket frame, BangArena's HTTP answers), stay silent or
// announce a 2 GiB WebSocket frame: each run ends within a bound, its
// report written (exit 3: the suite could not judge a target that does not
// answer), the suite given up once two checks in a row got no answer in
// time, whatever words their errors used. Before, each took minutes: a
// silent WebSocket twelve, a trickle eleven and three quarters, a 2 GiB
// frame seven.
func TestConformHostileEndsSoon(t *testing.T) {
	tests := []struct {
		name string
		game string
		srv  func(t *testing.T) *httptest.Server
	}{
		{"silent websocket", "inference", func(t *testing.T) *httptest.Server { return hostileInference(t, wsSilent) }},
		{"trickled websocket", "inference", func(t *testing.T) *httptest.Server { return hostileInference(t, wsTrickle) }},
		{"2 GiB frame", "inference", func(t *testing.T) *httptest.Server { return hostileInference(t, wsHuge) }},
		{"trickled HTTP answers", "bangarena", hostileBangArena},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := tc.srv(t)
			dir := t.TempDir()
			rep := filepath.Join(dir, "report.json")
			start := time.Now()
			code, _, errs := runEnv(t, "", false, func(e *env) int {
				return run(context.Background(), e, []string{"conform", "--game", tc.game, "--target", srv.URL, "--create",
					"--request-timeout", "2s", "--json", rep})
			})
			el := time.Since(start)
			t.Logf("%s: exit %d in %v", tc.name, code, el)
			if code != exitError {
				t.Errorf("exit %d, want %d\n%.2000s", code, exitError, errs)
			}
			if el > 60*time.Second {
				t.Errorf("the run took %v, want under 60s", el)
			}
			data, err := os.ReadFile(rep)
			if err != nil {
				t.Fatalf("no report: %v", err)
			}
			var r struct {
				Checks []struct {
					Name, Status, Reason string
					Duration             time.Duration `json:"duration_ns"`
				} `json:"checks"`
			}
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatalf("the report does not parse: %v", err)
			}
			given := 0
			for _, c := range r.Checks {
				if strings.HasPrefix(c.Reason, "not run:") {
					given++
					continue
				}
				t.Logf("%s: %s (%v) %.200s", c.Name, c.Status, c.Duration, c.Reason)
			}
			if given == 0 {
				t.Errorf("no check was given up; want the suite given up after two stalled checks\n%.3000s", data)
			}
		})
	}
}

// TestConformRedirectNoted: a BangArena target whose observe answers 302
// to another port. The other service is never asked (no seat token goes
// there), and the report says the target redirected, in every format.
func TestConformRedirectNoted(t *testing.T) {
	var asked, tokens atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		if r.Header.Get("x-agent-token") != "" {
			tokens.Add(1)
		}
	}))
	defer other.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/ai/rooms", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"roomId":"r1","tokens":{"0":"a","1":"b","2":"c","3":"d"}}`))
	})
	mux.HandleFunc("GET /api/ai/rooms/{id}/observe", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.RequestURI(), http.StatusFound)
	})
	target := httptest.NewServer(mux)
	defer target.Close()
	dir := t.TempDir()
	code, _, errs := runEnv(t, "", false, func(e *env) int {
		return run(context.Background(), e, []string{"conform", "--game", "bangarena", "--target", target.URL, "--create",
			"--request-timeout", "2s", "--budget", "-1s", "--report-dir", dir})
	})
	if code == exitOK {
		t.Errorf("exit 0 against a target that answers no observe\n%.2000s", errs)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("the other service was asked %d times (%d with a seat token), want never", n, tokens.Load())
	}
	for _, f := range []string{"report.json", "summary.md", "report.html"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "the target redirected GET /api/ai/rooms/r1/observe") || !strings.Contains(string(data), "to another origin, not followed") {
			t.Errorf("%s does not say the target redirected\n%s", f, data)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "report.json"))
	var r struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal(data, &r); err != nil || len(r.Warnings) == 0 {
		t.Errorf("report.json: warnings %q (%v)", r.Warnings, err)
	}
}

// TestConformRunBudget: a run whose budget (--timeout) runs out ends then,
// writes its report with the checks not carried out marked so, and exits
// 3; the budget's flag takes auto, a duration or 0, never a negative one.
func TestConformRunBudget(t *testing.T) {
	srv := hostileInference(t, wsSilent)
	rep := filepath.Join(t.TempDir(), "report.json")
	start := time.Now()
	code, _, errs := runEnv(t, "", false, func(e *env) int {
		return run(context.Background(), e, []string{"conform", "--game", "inference", "--target", srv.URL, "--create",
			"--request-timeout", "1m", "--timeout", "3s", "--json", rep})
	})
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("a run of budget 3s took %v", el)
	}
	if code != exitError {
		t.Errorf("exit %d, want %d\n%.2000s", code, exitError, errs)
	}
	data, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Checks []struct{ Status, Reason string } `json:"checks"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	notRun := 0
	for _, c := range r.Checks {
		if c.Status == "error" && strings.Contains(c.Reason, "not run: the run's budget ran out (3s)") {
			notRun++
		}
	}
	if notRun < len(r.Checks)-2 {
		t.Errorf("%d of %d checks marked not run for the budget", notRun, len(r.Checks))
	}
	for _, v := range []string{"-1s", "soon"} {
		if code, _, _ := runUmpire(t, "", "conform", "--game", "inference", "--embedded", "--timeout", v); code != exitUsage {
			t.Errorf("--timeout %s: exit %d, want %d", v, code, exitUsage)
		}
	}
}
