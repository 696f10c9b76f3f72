//go:build unix

package agent

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func TestConnectEnvironment(t *testing.T) {
	tests := []struct {
		game, idVar, notVar string
	}{
		{"inference", "UMPIRE_MATCH=m-9", "UMPIRE_ROOM="},
		{"bangarena", "UMPIRE_ROOM=m-9", "UMPIRE_MATCH="},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			w := watchLeaks(t)
			c, err := StartConnect(context.Background(), ConnectSpec{
				Command: `env | grep '^UMPIRE_' | sort; echo to-stderr >&2`,
				Env:     []string{"PATH=/usr/bin:/bin", "UMPIRE_SEAT=99"},
				Game:    tc.game, URL: "http://127.0.0.1:7070", ID: "m-9", Seat: 3, Token: "tok",
			})
			if err != nil {
				t.Fatal(err)
			}
			w.track(c.PID())
			select {
			case <-c.Done():
			case <-time.After(generous):
				t.Fatal("the program did not exit")
			}
			exit, err := c.Close(generous)
			if err != nil || exit.Termination() != OK || exit.Forced != ForceNone {
				t.Errorf("Close = %v, %v; want a clean exit", exit, err)
			}
			out := string(exit.Output)
			for _, want := range []string{"UMPIRE_GAME=" + tc.game, "UMPIRE_URL=http://127.0.0.1:7070", tc.idVar, "UMPIRE_SEAT=3\n", "UMPIRE_TOKEN=tok", "to-stderr"} {
				if !strings.Contains(out, want) {
					t.Errorf("output %q lacks %q", out, want)
				}
			}
			if strings.Contains(out, tc.notVar) || strings.Contains(out, "UMPIRE_SEAT=99") {
				t.Errorf("output %q: want no %s and the seat overridden", out, tc.notVar)
			}
		})
	}
}

func TestConnectClose(t *testing.T) {
	tests := []struct {
		name    string
		command string
		forced  Force
		term    Termination
	}{
		{"obeys SIGTERM", `sleep 30`, ForceTerm, OK},
		{"ignores SIGTERM", agents.broken + " -mode hang", ForceKill, Hang},
		{"leaves a child behind", `sleep 30 & exit 0`, ForceNone, OK},
		{"fails", `echo bad >&2; exit 4`, ForceNone, Crash},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := watchLeaks(t)
			c, err := StartConnect(context.Background(), ConnectSpec{Command: tc.command, Game: "bangarena", TermGrace: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			w.track(c.PID())
			exit, err := c.Close(200 * time.Millisecond)
			if err != nil || exit.Forced != tc.forced || exit.Termination() != tc.term {
				t.Errorf("Close = %v (%s), %v; want forced %s, %s", exit, exit.Termination(), err, tc.forced, tc.term)
			}
			again, _ := c.Close(0)
			if again.PID != exit.PID || again.Runtime != exit.Runtime {
				t.Errorf("second Close = %v, want the first result %v", again, exit)
			}
		})
	}
}

func TestConnectCancelAndErrors(t *testing.T) {
	w := watchLeaks(t)
	if _, err := StartConnect(context.Background(), ConnectSpec{Command: "true", Game: "chess"}); TerminationOf(err) != HarnessError {
		t.Errorf("unknown game: %v, want a harness error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err := StartConnect(ctx, ConnectSpec{Command: `head -c 10000 /dev/zero | tr '\0' o; sleep 30`, Game: "inference", OutputCap: 50})
	if err != nil {
		t.Fatal(err)
	}
	w.track(c.PID())
	deadline := time.Now().Add(generous)
	for !bytes.HasSuffix(c.Output(), []byte("ooo")) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-c.Done()
	exit, err := c.Close(generous)
	if err != nil || exit.Forced != ForceCancel || !exit.OutputTruncated || len(exit.Output) > 50+60 {
		t.Errorf("Close = %v (output %q), %v; want cancelled with a bounded output", exit, exit.Output, err)
	}
}
