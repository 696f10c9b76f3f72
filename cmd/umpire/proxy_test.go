package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	"github.com/umpire-arena/umpire/harness/conform"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/reports"
)

func TestProxyUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"no game", []string{"proxy", "--target", "http://127.0.0.1:1"}, exitUsage, "--game is required"},
		{"no target", []string{"proxy", "--game", "bangarena"}, exitUsage, "--target is required"},
		{"bad target", []string{"proxy", "--game", "bangarena", "--target", "ftp://x"}, exitUsage, "not an http(s) URL"},
		{"unreachable", []string{"proxy", "--game", "inference", "--target", "http://127.0.0.1:1"}, exitError, "cannot be reached"},
		{"judge share", []string{"proxy", "--game", "inference", "--target", "http://127.0.0.1:1", "--judge-share", "0"}, exitUsage, "--judge-share"},
		{"help", []string{"proxy", "-h"}, exitOK, "transparent relay"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runUmpire(t, "", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.err) {
				t.Errorf("exit %d (want %d), stderr %q (want %q)", code, tc.code, stderr, tc.err)
			}
		})
	}
}

// proxyRun is one run of umpire proxy that relayed one room.
type proxyRun struct {
	code           int
	stdout, stderr string
	room, token    string
}

// proxyOneRoom runs umpire proxy (with args after its game, target,
// listen address and --until 1) in front of the embedded BangArena server
// until one room has ended, a scripted player in seat 0 playing through
// it.
func proxyOneRoom(t *testing.T, args ...string) proxyRun {
	t.Helper()
	srv, err := conform.StartEmbedded("bangarena", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out := &syncBuffer{}
	errb := &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: out, stderr: errb}
		done <- run(ctx, e, append([]string{"proxy", "--game", "bangarena", "--target", srv.URL, "--listen", addr, "--until", "1"}, args...))
	}()
	for i := 0; ; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if i == 200 {
			t.Fatalf("the relay does not listen: %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	body, _ := json.Marshal(map[string]any{"seats": 4, "seed": "cmd-proxy", "deadlineMs": 5000, "agents": []int{0}})
	resp, err := http.Post(srv.URL+"/api/ai/rooms", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var room struct {
		RoomID string            `json:"roomId"`
		Tokens map[string]string `json:"tokens"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&room)
	resp.Body.Close()
	token := room.Tokens["0"]
	if err := playSeat(ctx, "http://"+addr, room.RoomID, 0, token); err != nil {
		t.Fatal(err)
	}
	code := <-done
	return proxyRun{code: code, stdout: out.String(), stderr: errb.String(), room: room.RoomID, token: token}
}

// TestProxyCommand runs umpire proxy in front of the embedded BangArena
// server until one room has ended, a scripted player in seat 0 playing
// through it; the command passes, writes every report and no token.
func TestProxyCommand(t *testing.T) {
	dir := t.TempDir()
	pr := proxyOneRoom(t, "--report-dir", dir, "--match-reports")
	if pr.code != exitOK {
		t.Fatalf("exit %d; stdout:\n%s\nstderr:\n%s", pr.code, pr.stdout, pr.stderr)
	}
	checkStreams(t, pr.stdout, pr.stderr, []string{"relaying http://", "seat 0 passes through the relay", "ended: 0 finding(s), 0 MUST [1/1]", "PASS: 1 match(es)"}, nil)
	room, token := pr.room, pr.token
	// The merged report and the room's own, every format, no token.
	for _, d := range []string{dir, filepath.Join(dir, "matches", "001-"+room)} {
		for _, f := range []string{reports.FileJSON, reports.FileJUnit, reports.FileMarkdown, reports.FileHTML} {
			b, err := os.ReadFile(filepath.Join(d, f))
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			if bytes.Contains(b, []byte(token)) {
				t.Errorf("%s holds the seat's token", filepath.Join(d, f))
			}
		}
	}
}

// playSeat plays one seat of a room to its end over REST with the random
// scripted player.
func playSeat(ctx context.Context, base, room string, seat int, token string) error {
	pl, err := baadv.New("random", "cmd")
	if err != nil {
		return err
	}
	call := func(method, path string, body []byte) ([]byte, error) {
		req, _ := http.NewRequestWithContext(ctx, method, base+"/api/ai/rooms/"+room+path, bytes.NewReader(body))
		req.Header.Set("x-agent-token", token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	last := -1
	for ctx.Err() == nil {
		b, err := call(http.MethodGet, "/observe?seat="+strconv.Itoa(seat), nil)
		if err != nil {
			return err
		}
		var req ba.DecisionRequest
		if err := json.Unmarshal(b, &req); err != nil {
			return fmt.Errorf("observe: %v: %.200s", err, b)
		}
		if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
			return nil
		}
		if len(req.LegalActions) == 0 || req.ObservationVersion == last {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		d, err := pl.Decide(&req)
		if err != nil {
			return err
		}
		dec := map[string]any{"seat": seat, "actionId": d.ActionID, "commandId": fmt.Sprintf("c-%d", req.ObservationVersion), "observationVersion": req.ObservationVersion}
		if len(d.Args) > 0 {
			dec["args"] = d.Args
		}
		body, _ := json.Marshal(dec)
		if _, err := call(http.MethodPost, "/decision", body); err != nil {
			return err
		}
		last = req.ObservationVersion
	}
	return ctx.Err()
}

// TestProxyInterrupted: interrupted before any match passed through, the
// relay still writes its reports, says nothing was judged and exits 1 (a
// run that checked nothing).
func TestProxyInterrupted(t *testing.T) {
	srv, err := conform.StartEmbedded("inference", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	var errb syncBuffer
	done := make(chan int, 1)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: out, stderr: &errb}
		done <- run(ctx, e, []string{"proxy", "--game", "inference", "--target", srv.URL, "--listen", "127.0.0.1:0", "--report-dir", dir})
	}()
	for i := 0; !strings.Contains(out.String(), "relaying"); i++ {
		if i == 1000 {
			t.Fatalf("the relay did not start: %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel() // as Ctrl-C does
	code := <-done
	if code != exitFail {
		t.Errorf("exit %d, want %d; stderr %s", code, exitFail, errb.String())
	}
	checkStreams(t, out.String(), errb.String(), []string{"relaying", "0 match(es)", "no match passed through the relay"}, nil)
	if _, err := os.Stat(filepath.Join(dir, reports.FileJSON)); err != nil {
		t.Error(err)
	}
}

// TestProxyInterruptedMidMatch: interrupted (as Ctrl-C does) while a match
// runs through it, the relay writes the merged report and the match's own,
// which says the match had not ended and holds what was seen (the seat's
// hello, redacted: its token never written).
func TestProxyInterruptedMidMatch(t *testing.T) {
	srv, err := conform.StartEmbedded("inference", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tctx, tcancel := context.WithTimeout(context.Background(), time.Minute)
	defer tcancel()
	out := &syncBuffer{}
	var errb syncBuffer
	done := make(chan int, 1)
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: out, stderr: &errb}
		done <- run(ctx, e, []string{"proxy", "--game", "inference", "--target", srv.URL, "--listen", addr, "--report-dir", dir, "--match-reports"})
	}()
	for i := 0; !strings.Contains(out.String(), "relaying"); i++ {
		if i == 1000 {
			t.Fatalf("the relay did not start: %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	body, _ := json.Marshal(map[string]any{"seats": 3, "rounds": 6, "deadline_ms": 30000, "seed": "mid", "agents": []int{0}})
	resp, err := http.Post(srv.URL+"/api/inference/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		MatchID string            `json:"match_id"`
		Tokens  map[string]string `json:"tokens"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&m)
	resp.Body.Close()
	token := m.Tokens["0"]
	c, _, err := websocket.Dial(tctx, "ws://"+addr+"/ws/inference?match="+m.MatchID+"&seat=0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": m.MatchID, "seat": 0, "token": token})
	_ = c.Write(tctx, websocket.MessageText, hello)
	for {
		_, b, err := c.Read(tctx)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(`"your_turn"`)) {
			break
		}
	}
	cancel() // as Ctrl-C does, the seat's turn open
	select {
	case <-done:
	case <-tctx.Done():
		t.Fatal("the relay did not stop")
	}
	per := filepath.Join(dir, "matches", "001-"+m.MatchID, reports.FileJSON)
	for _, f := range []string{filepath.Join(dir, reports.FileJSON), per} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(token)) {
			t.Errorf("%s holds the seat's token", f)
		}
	}
	b, _ := os.ReadFile(per)
	var rep struct {
		Warnings []string
		Checks   []struct{ Name, Status string }
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0], "had not ended") {
		t.Errorf("the match's report warns %q, want that it had not ended", rep.Warnings)
	}
	passed := false
	for _, c := range rep.Checks {
		if c.Name == "server-schema" && c.Status == "pass" {
			passed = true
		}
	}
	if !passed {
		t.Errorf("the match's report judged nothing of what was seen: %s", b)
	}
}

// TestProxyMatchReportsOnlyWhenAsked: --report-dir alone writes the run's
// report and no report per match; --match-reports writes them within
// --match-reports-budget, and the run's report says how many were left out.
func TestProxyMatchReportsOnlyWhenAsked(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		perMatch  bool
		warnWrote string
	}{
		{"report-dir alone", nil, false, ""},
		{"asked, within the budget", []string{"--match-reports"}, true, ""},
		{"asked, over the budget", []string{"--match-reports", "--match-reports-budget", "1000"}, false, "reports per match: 0 of 1 written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			pr := proxyOneRoom(t, append([]string{"--report-dir", dir}, tt.args...)...)
			if pr.code != exitOK {
				t.Fatalf("exit %d; stderr:\n%s", pr.code, pr.stderr)
			}
			_, err := os.Stat(filepath.Join(dir, "matches", "001-"+pr.room, reports.FileJSON))
			if got := err == nil; got != tt.perMatch {
				t.Fatalf("report of the match written: %v, want %v", got, tt.perMatch)
			}
			b, err := os.ReadFile(filepath.Join(dir, reports.FileJSON))
			if err != nil {
				t.Fatal(err)
			}
			if tt.warnWrote != "" && !bytes.Contains(b, []byte(tt.warnWrote)) {
				t.Fatalf("the run's report does not say %q", tt.warnWrote)
			}
		})
	}
}
