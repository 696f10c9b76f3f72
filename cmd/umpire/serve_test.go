package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// startServe runs "umpire serve" through run in a goroutine and returns
// the JSON it printed, a cancel that stops it, and the exit code channel.
func startServe(t *testing.T, args ...string) (inferenceServeInfo, context.CancelFunc, <-chan int, *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errb := &syncBuffer{}, &syncBuffer{}
	code := make(chan int, 1)
	go func() { code <- run(ctx, &env{stdout: out, stderr: errb}, append([]string{"serve"}, args...)) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if line, _, ok := strings.Cut(out.String(), "\n"); ok {
			var info inferenceServeInfo
			if err := json.Unmarshal([]byte(line), &info); err != nil {
				cancel()
				t.Fatalf("serve printed %q: %v", line, err)
			}
			return info, cancel, code, errb
		}
		select {
		case c := <-code:
			cancel()
			t.Fatalf("serve exited with %d before printing; stderr: %s", c, errb.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("serve printed nothing")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func waitExit(t *testing.T, code <-chan int, want int) {
	t.Helper()
	select {
	case c := <-code:
		if c != want {
			t.Fatalf("exit %d, want %d", c, want)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop after the context ended")
	}
}

// getLog fetches a log URL until it holds match_end.
func getLog(t *testing.T, url string) []byte {
	t.Helper()
	for range 2000 {
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if bytes.Contains(b, []byte(`"type":"match_end"`)) {
			return b
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the match did not end")
	return nil
}

// TestServeInferenceScriptedMatch: with every seat scripted the match runs
// at once; its log is served, then Ctrl-C (the context) stops the server.
func TestServeInferenceScriptedMatch(t *testing.T) {
	info, cancel, code, _ := startServe(t, "--game", "inference", "--addr", "127.0.0.1:0", "--agents", "", "--seats", "4",
		"--rounds", "5", "--seed", "serve", "--adversaries", "random,passive", "--format", "json")
	defer cancel()
	if info.Game != "inference" || info.Seats != 4 || info.Rounds != 5 || len(info.Agents) != 0 || len(info.Adversaries) != 4 || info.Adversaries["1"] != "passive" {
		t.Fatalf("info %+v", info)
	}
	log := getLog(t, info.LogURL)
	lines := bytes.Split(bytes.TrimSpace(log), []byte("\n"))
	for i, line := range lines {
		if _, err := ref.ParseEvent(line); err != nil {
			t.Fatalf("log line %d: %v", i+1, err)
		}
	}
	if !bytes.Contains(lines[len(lines)-1], []byte(`"seed":"serve"`)) {
		t.Fatalf("last line %s", lines[len(lines)-1])
	}
	cancel()
	waitExit(t, code, exitOK)
}

// TestServeInferenceAgentSeat: the printed WebSocket URL and token let an
// agent play its seat to match_end; text output names the seats.
func TestServeInferenceAgentSeat(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, errb := &syncBuffer{}, &syncBuffer{}
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, &env{stdout: out, stderr: errb}, []string{"serve", "--game=inference", "--addr", "127.0.0.1:0", "--agents", "2", "--seats", "3", "--rounds", "3", "--deadline", "20s"})
	}()
	var wsURL, token string
	for i := 0; wsURL == "" || token == ""; i++ {
		if i > 2000 {
			t.Fatalf("no seat 2 URL and token in:\n%s\nstderr: %s", out.String(), errb.String())
		}
		time.Sleep(5 * time.Millisecond)
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) >= 4 && f[0] == "seat" && f[1] == "2" && f[2] == "token":
				token = f[3]
			case len(f) >= 1 && strings.HasPrefix(f[0], "ws://") && strings.HasSuffix(f[0], "seat=2"):
				wsURL = f[0]
			}
		}
	}
	text := out.String()
	for _, want := range []string{"Inference reference server", "seat 0    scripted: heuristic", "/rules/inference", ".jsonl", "said hello"} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
	dctx, dcancel := context.WithTimeout(ctx, 20*time.Second)
	defer dcancel()
	c, _, err := websocket.Dial(dctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(infsrv.MaxMessageBytes)
	matchID := wsURL[strings.Index(wsURL, "match=")+6 : strings.Index(wsURL, "&")]
	hello, _ := json.Marshal(infsrv.Hello{Type: infsrv.TypeHello, MatchID: matchID, Seat: 2, Token: token})
	if err := c.Write(dctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	for {
		_, b, err := c.Read(dctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var env infsrv.Envelope
		if err := json.Unmarshal(b, &env); err != nil {
			t.Fatal(err)
		}
		if env.Type == infsrv.TypeMatchEnd {
			break
		}
		if env.Type == infsrv.TypeYourTurn {
			mv, _ := json.Marshal(infsrv.MoveMsg{Type: infsrv.TypeMove, MatchID: matchID, Turn: *env.Turn, Action: ref.ActionCall})
			if err := c.Write(dctx, websocket.MessageText, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; !strings.Contains(out.String(), "match over after 3 rounds"); i++ {
		if i > 2000 {
			t.Fatalf("no end line in:\n%s", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	waitExit(t, code, exitOK)
}

// TestServeInferenceFaults: faults need the flag and the variable
// together, and a server with faults says so.
func TestServeInferenceFaults(t *testing.T) {
	t.Setenv(infsrv.FaultsEnv, "leak-value")
	info, cancel, code, errb := startServe(t, "--game", "inference", "--addr", "127.0.0.1:0", "--agents", "", "--rounds", "1", "--format", "json", "--unsafe-faults")
	if len(info.Faults) != 1 || info.Faults[0] != "leak-value" || !strings.Contains(errb.String(), "WARNING") {
		t.Fatalf("faults %v, stderr %q", info.Faults, errb.String())
	}
	cancel()
	waitExit(t, code, exitOK)
}

// TestServeInferenceDialects: --dialect makes the server speak legitimate
// dialects (no warning: they break no rule); its log endpoint is then gone.
func TestServeInferenceDialects(t *testing.T) {
	info, cancel, code, errb := startServe(t, "--game", "inference", "--addr", "127.0.0.1:0", "--agents", "", "--rounds", "1", "--format", "json", "--dialect", "no-log,error-codes-own")
	if len(info.Dialects) != 2 || info.Dialects[0] != "error-codes-own" || info.Dialects[1] != "no-log" || strings.Contains(errb.String(), "WARNING") {
		t.Fatalf("dialects %v, stderr %q", info.Dialects, errb.String())
	}
	resp, err := http.Get(info.LogURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("log endpoint: HTTP %d, want 404 under no-log", resp.StatusCode)
	}
	cancel()
	waitExit(t, code, exitOK)
}

func TestServeUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		env  string
		want int
	}{
		{"no game", []string{}, "", exitUsage},
		{"help without a game", []string{"-h"}, "", exitOK},
		{"help", []string{"--game", "inference", "-h"}, "", exitOK},
		{"unknown game", []string{"--game", "chess"}, "", exitUsage},
		{"unknown flag", []string{"--game", "inference", "--bogus"}, "", exitUsage},
		{"argument", []string{"--game", "inference", "extra"}, "", exitUsage},
		{"bad agents", []string{"--game", "inference", "--agents", "0,x"}, "", exitUsage},
		{"agent out of range", []string{"--game", "inference", "--seats", "3", "--agents", "5", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad seats", []string{"--game", "inference", "--seats", "9", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad deadline", []string{"--game", "inference", "--deadline", "0s"}, "", exitUsage},
		{"negative start timeout", []string{"--game", "inference", "--start-timeout", "-1s"}, "", exitUsage},
		{"unknown adversary", []string{"--game", "inference", "--adversaries", "genius", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"faults without the flag", []string{"--game", "inference", "--addr", "127.0.0.1:0"}, "leak-value", exitUsage},
		{"flag without faults", []string{"--game", "inference", "--unsafe-faults", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"unknown fault", []string{"--game", "inference", "--unsafe-faults", "--addr", "127.0.0.1:0"}, "leak-everything", exitUsage},
		{"unknown dialect", []string{"--game", "inference", "--dialect", "klingon", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad address", []string{"--game", "inference", "--addr", "256.1.1.1:99999"}, "", exitError},
		{"bad format", []string{"--game", "inference", "--format", "xml"}, "", exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr := serveStopped(t, tc.env, func(ctx context.Context, e *env) int {
				return run(ctx, e, append([]string{"serve"}, tc.args...))
			})
			if got != tc.want {
				t.Fatalf("exit: have %d, want %d\nstderr: %s", got, tc.want, stderr)
			}
		})
	}
}

// serveStopped runs serve with faults as the faults variable and a
// context ended beforehand, so that a run that got past the checks stops
// at once; it returns the exit code and stderr.
func serveStopped(t *testing.T, faults string, serve func(ctx context.Context, e *env) int) (code int, stderr string) {
	t.Helper()
	t.Setenv(infsrv.FaultsEnv, faults)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, stderr = runEnv(t, "", false, func(e *env) int { return serve(ctx, e) })
	return code, stderr
}

func TestGameFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "inference"}, "inference"},
		{[]string{"-game=bangarena", "--seats", "4"}, "bangarena"},
		{[]string{"--seats", "4"}, ""},
		{[]string{"--", "--game", "x"}, ""},
		{[]string{"--game"}, ""},
	} {
		if got := gameFlag(tc.args); got != tc.want {
			t.Errorf("gameFlag(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
