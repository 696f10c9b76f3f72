package proxy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// stdioAgent is an example agent that speaks JSON Lines on stdin/stdout
// (the broken agent), bridged to the relay by the test: the bridge is the
// network client, the agent makes every decision.
type stdioAgent struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan []byte
}

func startStdio(t *testing.T, args ...string) *stdioAgent {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "broken"), args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := &stdioAgent{cmd: cmd, in: in, lines: make(chan []byte, 64)}
	go func() {
		defer close(a.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 2<<20)
		for sc.Scan() {
			a.lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	t.Cleanup(func() {
		in.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return a
}

func (a *stdioAgent) send(b []byte) { _, _ = a.in.Write(append(bytes.TrimRight(b, "\n"), '\n')) }

// answer waits up to d for the agent's next line.
func (a *stdioAgent) answer(d time.Duration) ([]byte, bool) {
	select {
	case l, ok := <-a.lines:
		return l, ok
	case <-time.After(d):
		return nil, false
	}
}

// bridgeInference plays seat of match over the relay's WebSocket with a.
func bridgeInference(ctx context.Context, t *testing.T, base, match string, seat int, token string, a *stdioAgent) {
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(match) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": match, "seat": seat, "token": token})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	go func() {
		for l := range a.lines {
			if c.Write(ctx, websocket.MessageText, l) != nil {
				return
			}
		}
	}()
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return
		}
		a.send(msg)
		var env struct{ Type string }
		if json.Unmarshal(msg, &env) == nil && env.Type == "match_end" {
			_ = c.Close(websocket.StatusNormalClosure, "")
			return
		}
	}
}

// bridgeBangArena plays seat of room over the relay's REST protocol with a.
func bridgeBangArena(ctx context.Context, t *testing.T, base, room string, seat int, token string, a *stdioAgent) {
	client := &http.Client{Timeout: 10 * time.Second}
	prefix := base + "/api/ai/rooms/" + url.PathEscape(room)
	call := func(method, u string, body []byte) (int, []byte) {
		req, _ := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		req.Header.Set("x-agent-token", token)
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	last := -1
	for ctx.Err() == nil {
		status, body := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if status != http.StatusOK {
			t.Errorf("observe: HTTP %d: %s", status, body)
			return
		}
		var req struct {
			ObservationVersion int `json:"observationVersion"`
			Observation        struct {
				Phase string `json:"phase"`
			} `json:"observation"`
			LegalActions []json.RawMessage `json:"legalActions"`
		}
		_ = json.Unmarshal(body, &req)
		if req.Observation.Phase == "ended" {
			a.send([]byte(`{"type":"match_end"}`))
			return
		}
		if len(req.LegalActions) > 0 && req.ObservationVersion != last {
			last = req.ObservationVersion
			a.send(body)
			for range 2 {
				ans, ok := a.answer(time.Second)
				if !ok {
					break
				}
				st, reply := call(http.MethodPost, prefix+"/decision", ans)
				if st != http.StatusBadRequest {
					break
				}
				a.send(reply)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}
