package guard

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve runs h behind NewServer and Listen on a loopback port.
func serve(t *testing.T, h http.Handler, c Config) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", c)
	if err != nil {
		t.Fatal(err)
	}
	hs := NewServer(h, c)
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// echoBody reads the whole body and answers its length, or 400 with the
// read error.
var echoBody = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	fmt.Fprintf(w, "%d bytes", len(b))
})

// trickle sends a request announcing a 100-byte body and then one byte
// every interval; it returns how long the server took to answer or close
// the connection and what it answered, or ok false when it was still
// reading after giveUp.
func trickle(t *testing.T, addr string, interval, giveUp time.Duration) (took time.Duration, answer string, ok bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
	got := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(bufio.NewReader(conn))
		got <- string(b)
	}()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	stop := time.After(giveUp)
	for {
		select {
		case a := <-got:
			return time.Since(start), a, true
		case <-tick.C:
			conn.Write([]byte("x"))
		case <-stop:
			return time.Since(start), "", false
		}
	}
}

// TestSlowBodyIsCutOff: a body trickled byte by byte is cut off at
// BodyTimeout, with an answer that names the bound.
func TestSlowBodyIsCutOff(t *testing.T) {
	addr := serve(t, echoBody, Config{BodyTimeout: 300 * time.Millisecond})
	took, answer, ok := trickle(t, addr, 50*time.Millisecond, 5*time.Second)
	if !ok {
		t.Fatalf("the server still reads a trickled body after %v", took)
	}
	if took > 3*time.Second || !strings.Contains(answer, "body-timeout") {
		t.Errorf("cut off after %v with %q; want within about 300ms, naming body-timeout", took, answer)
	}
	t.Logf("trickled body cut off after %v", took.Round(time.Millisecond))
}

// TestLongAnswerAfterBodyIsNotCut: once the body is read, the handler may
// take longer than BodyTimeout; its request stays alive.
func TestLongAnswerAfterBodyIsNotCut(t *testing.T) {
	addr := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body)
		select {
		case <-time.After(400 * time.Millisecond):
			io.WriteString(w, "late but fine")
		case <-r.Context().Done():
			// The client sees no answer.
		}
	}), Config{BodyTimeout: 100 * time.Millisecond})
	resp, err := http.Post("http://"+addr+"/x", "text/plain", strings.NewReader("hello"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if string(b) != "late but fine" {
		t.Errorf("answer %q, want the late answer", b)
	}
}

// TestBodyCap: a body over MaxBodyBytes is refused.
func TestBodyCap(t *testing.T) {
	addr := serve(t, echoBody, Config{MaxBodyBytes: 10})
	resp, err := http.Post("http://"+addr+"/x", "text/plain", strings.NewReader(strings.Repeat("x", 100)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d, want 400", resp.StatusCode)
	}
}

// TestAdminToken: the creation routes need the token when one is set;
// other routes never do.
func TestAdminToken(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	create := []string{"POST /api/inference/matches"}
	for _, c := range []struct {
		name, token, method, path, header string
		want                              int
	}{
		{"no token set", "", "POST", "/api/inference/matches", "", 200},
		{"missing", "s3cret", "POST", "/api/inference/matches", "", 401},
		{"wrong", "s3cret", "POST", "/api/inference/matches", "Bearer nope", 401},
		{"bearer", "s3cret", "POST", "/api/inference/matches", "Bearer s3cret", 200},
		{"x-admin-token", "s3cret", "POST", "/api/inference/matches", "x:s3cret", 200},
		{"other route", "s3cret", "GET", "/r/m-1.jsonl", "", 200},
		{"other method", "s3cret", "GET", "/api/inference/matches", "", 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr := serve(t, ok, Config{AdminToken: c.token, Create: create})
			req, _ := http.NewRequest(c.method, "http://"+addr+c.path, strings.NewReader("{}"))
			if v, found := strings.CutPrefix(c.header, "x:"); found {
				req.Header.Set("X-Admin-Token", v)
			} else if c.header != "" {
				req.Header.Set("Authorization", c.header)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("status %d %s, want %d", resp.StatusCode, b, c.want)
			}
			if c.want == 401 && !strings.Contains(string(b), "admin token") {
				t.Errorf("401 body %s does not say what is missing", b)
			}
		})
	}
}

// TestConnectionsPerIP: past MaxConnsPerIP open connections from one
// address, the next gets a 503 and is closed; once one closes, a new one
// is taken.
func TestConnectionsPerIP(t *testing.T) {
	addr := serve(t, echoBody, Config{MaxConnsPerIP: 3})
	var conns []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	time.Sleep(50 * time.Millisecond) // let the server accept them
	over, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	over.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, _ := io.ReadAll(over)
	over.Close()
	if !strings.HasPrefix(string(b), "HTTP/1.1 503") || !strings.Contains(string(b), "max-conns-per-ip") {
		t.Fatalf("the fourth connection got %q, want a 503 naming max-conns-per-ip", b)
	}
	conns[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := http.Post("http://"+addr+"/x", "text/plain", strings.NewReader("hi"))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection taken after one closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestIsLoopback(t *testing.T) {
	for _, c := range []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:7070", true}, {"127.9.9.9:1", true}, {"[::1]:7070", true},
		{"0.0.0.0:7070", false}, {"[::]:7070", false}, {"10.1.2.3:7070", false}, {"192.168.0.1:80", false},
	} {
		a, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := IsLoopback(a); got != c.want {
			t.Errorf("IsLoopback(%s) = %v, want %v", c.addr, got, c.want)
		}
	}
}
