package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
)

// loopbackURL turns a served base URL on any address into one on
// 127.0.0.1 (tests only ever connect over loopback).
func loopbackURL(t *testing.T, base string) string {
	t.Helper()
	hostport := strings.TrimPrefix(base, "http://")
	_, port, err := net.SplitHostPort(hostport)
	if err != nil {
		t.Fatal(err)
	}
	return "http://127.0.0.1:" + port
}

// postCreate posts body to url with the admin token (none when "").
func postCreate(t *testing.T, url, token, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServeAdminTokenOffLoopback: on every interface (0.0.0.0) creation
// needs the token serve prints; --open waives it; on loopback, and with
// --open, there is none. Connections come over loopback only.
func TestServeAdminTokenOffLoopback(t *testing.T) {
	t.Setenv("UMPIRE_ADMIN_TOKEN", "")
	for _, c := range []struct {
		name      string
		args      []string
		wantToken bool
	}{
		{"all interfaces", []string{"--addr", "0.0.0.0:0"}, true},
		{"all interfaces, open", []string{"--addr", "0.0.0.0:0", "--open"}, false},
		{"loopback", []string{"--addr", "127.0.0.1:0"}, false},
		{"loopback, explicit token", []string{"--addr", "127.0.0.1:0", "--admin-token", "given"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			info, cancel, code, _ := startServe(t, append([]string{"--game", "inference", "--agents", "", "--rounds", "1", "--format", "json"}, c.args...)...)
			defer func() { cancel(); waitExit(t, code, exitOK) }()
			if (info.AdminToken != "") != c.wantToken {
				t.Fatalf("admin token %q, want one: %v", info.AdminToken, c.wantToken)
			}
			url := loopbackURL(t, info.URL) + "/api/inference/matches"
			status, body := postCreate(t, url, "", `{"agents":[]}`)
			if c.wantToken {
				if status != http.StatusUnauthorized || !strings.Contains(body, "admin token") {
					t.Errorf("without the token: have %d %s, want 401 naming the admin token", status, body)
				}
				if status, body = postCreate(t, url, "wrong", `{"agents":[]}`); status != http.StatusUnauthorized {
					t.Errorf("with a wrong token: have %d %s, want 401", status, body)
				}
				status, body = postCreate(t, url, info.AdminToken, `{"agents":[]}`)
			}
			if status != http.StatusCreated {
				t.Errorf("have %d %s, want 201", status, body)
			}
		})
	}
}

// TestServeBangArenaAdminToken: the same for POST /api/ai/rooms.
func TestServeBangArenaAdminToken(t *testing.T) {
	t.Setenv("UMPIRE_ADMIN_TOKEN", "")
	var out, errb syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &env{stdout: &out, stderr: &errb}, []string{"serve", "--game", "bangarena", "--addr", "0.0.0.0:0", "--agents", "", "--format", "json"})
	}()
	defer func() { cancel(); waitExit(t, done, exitOK) }()
	var info baServeInfo
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if line, _, ok := strings.Cut(out.String(), "\n"); ok {
			if err := json.Unmarshal([]byte(line), &info); err != nil {
				t.Fatal(err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve printed nothing; stderr %s", errb.String())
		}
	}
	if info.AdminToken == "" {
		t.Fatal("no admin token on 0.0.0.0")
	}
	url := loopbackURL(t, info.BaseURL) + "/api/ai/rooms"
	if status, body := postCreate(t, url, "", `{"seats":4,"agents":[0]}`); status != http.StatusUnauthorized {
		t.Errorf("without the token: have %d %s, want 401", status, body)
	}
	if status, body := postCreate(t, url, info.AdminToken, `{"seats":4,"agents":[0]}`); status != http.StatusOK {
		t.Errorf("with the token: have %d %s, want 200", status, body)
	}
}

// TestServeHostFlagsChecked: the bounds of serve's own match and of the
// flags themselves are usage errors naming the flag.
func TestServeHostFlagsChecked(t *testing.T) {
	for _, c := range []struct {
		game string
		args []string
		want string
	}{
		{harness.GameInference, []string{"--deadline", "20m"}, "--max-deadline"},
		{harness.GameInference, []string{"--rounds", "5000"}, "--max-rounds"},
		{harness.GameInference, []string{"--max-matches", "0"}, "--max-matches"},
		{harness.GameInference, []string{"--idle-timeout", "1m"}, "--idle-timeout"},
		{harness.GameInference, []string{"--max-conns-per-ip", "0"}, "--max-conns-per-ip"},
		{harness.GameBangArena, []string{"--deadline", "20m", "--max-deadline", "10m"}, "--max-deadline"},
		{harness.GameBangArena, []string{"--max-rooms", "-3"}, "--max-rooms"},
	} {
		t.Run(fmt.Sprint(c.game, c.args), func(t *testing.T) {
			var out, errb syncBuffer
			got := run(context.Background(), &env{stdout: &out, stderr: &errb}, append([]string{"serve", "--game", c.game, "--addr", "127.0.0.1:0"}, c.args...))
			if got != exitUsage || !strings.Contains(errb.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want %d naming %s", got, errb.String(), exitUsage, c.want)
			}
		})
	}
}

// TestServeCutsSlowBody: serve's connection layer is in place — a create
// body trickled a byte at a time is cut off at --body-timeout.
func TestServeCutsSlowBody(t *testing.T) {
	info, cancel, code, _ := startServe(t, "--game", "inference", "--addr", "127.0.0.1:0", "--agents", "", "--rounds", "1", "--format", "json", "--body-timeout", "300ms")
	defer func() { cancel(); waitExit(t, code, exitOK) }()
	conn, err := net.Dial("tcp", strings.TrimPrefix(info.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/inference/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	answered := make(chan string, 1)
	go func() { b, _ := io.ReadAll(conn); answered <- string(b) }()
	for {
		select {
		case a := <-answered:
			if !strings.Contains(a, "body-timeout") {
				t.Errorf("answer %q does not name body-timeout", a)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("cut off after %v, want about 300ms", took)
			}
			return
		case <-time.After(100 * time.Millisecond):
			conn.Write([]byte(" "))
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("the server still reads a body trickled for 5s")
		}
	}
}
