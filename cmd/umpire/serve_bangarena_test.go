package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServeBangArenaUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		env  string
		want int
	}{
		{"help", []string{"-h"}, "", exitOK},
		{"unknown flag", []string{"--bogus"}, "", exitUsage},
		{"wrong game", []string{"--game", "inference"}, "", exitUsage},
		{"bad agents", []string{"--agents", "0,x"}, "", exitUsage},
		{"agent out of range", []string{"--seats", "4", "--agents", "5", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad seats", []string{"--seats", "9", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad policy", []string{"--policy", "lenient", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"bad deadline", []string{"--deadline", "0s"}, "", exitUsage},
		{"unknown adversary", []string{"--adversaries", "genius", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"faults without the flag", []string{"--addr", "127.0.0.1:0"}, "leak-hand", exitUsage},
		{"flag without faults", []string{"--unsafe-faults", "--addr", "127.0.0.1:0"}, "", exitUsage},
		{"unknown fault", []string{"--unsafe-faults", "--addr", "127.0.0.1:0"}, "leak-everything", exitUsage},
		{"bad address", []string{"--addr", "256.1.1.1:99999"}, "", exitError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr := serveStopped(t, tc.env, func(ctx context.Context, e *env) int { return serveBangArena(ctx, e, tc.args) })
			if got != tc.want {
				t.Fatalf("exit: have %d, want %d\nstderr: %s", got, tc.want, stderr)
			}
		})
	}
}

func TestServeBangArenaServesAndStops(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults string
	}{
		{"clean", ""},
		{"with a fault", "leak-role"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("UMPIRE_UNSAFE_FAULTS", tc.faults)
			args := []string{"--game", "bangarena", "--addr", "127.0.0.1:0", "--seats", "5", "--agents", "0,3",
				"--seed", "cli", "--deadline", "2s", "--adversaries", "random", "--format", "json"}
			if tc.faults != "" {
				args = append(args, "--unsafe-faults")
			}
			var out, errb syncBuffer
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan int, 1)
			go func() { done <- serveBangArena(ctx, &env{stdout: &out, stderr: &errb}, args) }()
			var info baServeInfo
			end := time.Now().Add(30 * time.Second)
			for {
				line, _, _ := strings.Cut(out.String(), "\n")
				if json.Unmarshal([]byte(line), &info) == nil && info.BaseURL != "" {
					break
				}
				if time.Now().After(end) {
					cancel()
					t.Fatalf("no server info printed; stderr: %s", errb.String())
				}
				time.Sleep(time.Millisecond)
			}
			if len(info.Agents) != 2 || info.Agents[0].Seat != 0 || info.Agents[1].Seat != 3 || info.Agents[0].Token == "" {
				t.Fatalf("agents: %+v", info.Agents)
			}
			if len(info.Adversaries) != 3 || info.Seats != 5 || info.RoomID == "" || !strings.HasSuffix(info.MCPURL, "/mcp") {
				t.Fatalf("info: %+v", info)
			}
			if (tc.faults != "") != strings.Contains(errb.String(), "WARNING") {
				t.Fatalf("fault warning: %q", errb.String())
			}
			// The printed URLs work.
			req, _ := http.NewRequest("GET", info.Agents[1].ObserveURL, nil)
			req.Header.Set("x-agent-token", info.Agents[1].Token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"seatId":3`) {
				t.Fatalf("observe: %d %s", resp.StatusCode, body)
			}
			resp, err = http.Get(info.RulesURL)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("rules: %v %v", resp, err)
			}
			resp.Body.Close()
			cancel()
			select {
			case code := <-done:
				if code != exitOK {
					t.Fatalf("exit: have %d, want 0; stderr %s", code, errb.String())
				}
			case <-time.After(30 * time.Second):
				t.Fatal("serve did not stop after its context ended")
			}
			if _, err := http.Get(info.RulesURL); err == nil {
				t.Fatal("the server still answers after shutdown")
			}
		})
	}
}

func TestServeBangArenaText(t *testing.T) {
	var out, errb syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- serveBangArena(ctx, &env{stdout: &out, stderr: &errb}, []string{"--addr", "127.0.0.1:0", "--agents", "", "--seats", "4"})
	}()
	end := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), "match over") {
		if time.Now().After(end) {
			cancel()
			t.Fatalf("no end of match printed: %s %s", out.String(), errb.String())
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"base URL  http://127.0.0.1:", "rules     GET", "MCP       POST", "scripted: random", "log       GET"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
