//go:build unix

package agent

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeServer plays the server's side of a stream: it writes the given
// messages, reading one line after each message that wants an answer, then
// (with linger, after reading on until its input ends) closes its output.
// It returns what it read.
func fakeServer(toAgent io.WriteCloser, fromAgent io.Reader, msgs []string, wants map[int]bool, linger bool) <-chan []string {
	done := make(chan []string, 1)
	go func() {
		var got []string
		sc := bufio.NewScanner(fromAgent)
		for i, m := range msgs {
			if _, err := io.WriteString(toAgent, m+"\n"); err != nil {
				break
			}
			if wants[i] {
				if !sc.Scan() {
					break
				}
				got = append(got, sc.Text())
			}
		}
		for linger && sc.Scan() {
		}
		toAgent.Close()
		done <- got
	}()
	return done
}

func TestRelay(t *testing.T) {
	tests := []struct {
		name    string
		command string
		budget  time.Duration
		linger  bool
		want    Termination
	}{
		{"good agent", agents.goAgent, time.Minute, false, OK},
		{"crash", agents.broken + " -mode crash", time.Minute, false, Crash},
		{"silent exit", agents.broken + " -mode silent-exit", time.Minute, false, Disconnect},
		{"flood", agents.broken + " -mode flood", time.Minute, true, Flood},
		{"hang past the budget", agents.broken + " -mode hang", 500 * time.Millisecond, false, Hang},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := watchLeaks(t)
			p := start(t, w, Spec{Command: tc.command, TermGrace: 200 * time.Millisecond})
			serverR, relayW := io.Pipe() // agent -> server
			relayR, serverW := io.Pipe() // server -> agent
			msgs := []string{
				string(fixture(t, "inference_welcome.json")),
				string(fixture(t, "inference_your_turn.json")),
				string(fixture(t, "inference_match_end.json")),
			}
			served := fakeServer(serverW, serverR, msgs, map[int]bool{1: true}, tc.linger)
			var mu sync.Mutex
			seen := map[Direction]int{}
			ctx, cancel := context.WithTimeout(context.Background(), tc.budget)
			defer cancel()
			err := p.Relay(ctx, relayR, relayW, func(d Direction, l Line) {
				mu.Lock()
				seen[d]++
				mu.Unlock()
			})
			if got := TerminationOf(err); got != tc.want {
				t.Fatalf("Relay: %s (%v), want %s", got, err, tc.want)
			}
			// Relay closed both streams: the fake server cannot block.
			select {
			case got := <-served:
				if tc.want == OK {
					if len(got) != 1 || checkMove(fixture(t, "inference_your_turn.json"), []byte(got[0])) != nil {
						t.Errorf("server read %q, want one legal move", got)
					}
					if seen[FromServer] != 3 || seen[FromAgent] != 1 {
						t.Errorf("observed %v, want 3 lines from the server and 1 from the agent", seen)
					}
				}
			case <-time.After(generous):
				t.Fatal("the fake server is still blocked after Relay returned")
			}
			exit, _ := p.Close(200 * time.Millisecond)
			if tc.want == OK && exit.Termination() != OK {
				t.Errorf("Close = %v, want a clean exit after match_end", exit)
			}
		})
	}
}

// TestRelayPassesGarbageOn: lines that are not JSON go to the server, which
// judges them; the observer sees their kind.
func TestRelayPassesGarbageOn(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: agents.broken + " -mode garbage"})
	serverR, relayW := io.Pipe()
	relayR, serverW := io.Pipe()
	served := fakeServer(serverW, serverR, []string{string(fixture(t, "inference_your_turn.json"))}, map[int]bool{0: true}, false)
	var kinds []LineKind
	err := p.Relay(context.Background(), relayR, relayW, func(d Direction, l Line) {
		if d == FromAgent {
			kinds = append(kinds, l.Kind)
		}
	})
	if err != nil {
		t.Fatalf("Relay: %v, want nil when the server ends", err)
	}
	if got := <-served; len(got) != 1 || !strings.HasPrefix(got[0], "thinking") {
		t.Errorf("server read %q, want the agent's first line as written", got)
	}
	if len(kinds) == 0 || kinds[0] != NotJSON {
		t.Errorf("observed kinds %v, want not_json first", kinds)
	}
}

// TestRelayFastMatchIsNoFlood: an agent answering many messages quickly is
// not flooding; each server line entitles it to one line.
func TestRelayFastMatchIsNoFlood(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `cat`, FloodLines: 10, FloodWindow: time.Minute})
	serverR, relayW := io.Pipe()
	relayR, serverW := io.Pipe()
	msgs := make([]string, 200)
	wants := map[int]bool{}
	for i := range msgs {
		msgs[i], wants[i] = `{"n":1}`, true
	}
	served := fakeServer(serverW, serverR, msgs, wants, false)
	if err := p.Relay(context.Background(), relayR, relayW, nil); err != nil {
		t.Fatalf("Relay: %v, want nil for 200 answers to 200 messages", err)
	}
	if got := <-served; len(got) != 200 {
		t.Errorf("server read %d lines, want 200", len(got))
	}
}
