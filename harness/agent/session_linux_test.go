package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestAgentHasNoTerminal: an agent runs in a session of its own, so it has
// no controlling terminal of the user's: it cannot write escape sequences
// to /dev/tty nor type into the user's shell with TIOCSTI.
func TestAgentHasNoTerminal(t *testing.T) {
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: `sh -c 'read x; set -- $(cat /proc/self/stat); tty=0; (: </dev/tty) 2>/dev/null && tty=1; echo "{\"sid\":$6,\"pid\":$$,\"tty\":$tty}"'`})
	r, err := p.Ask(context.Background(), []byte(`{"type":"ping"}`), generous)
	if err != nil {
		t.Fatalf("Ask: %v (stderr %q)", err, p.Stderr())
	}
	var got struct{ SID, PID, TTY int }
	if err := json.Unmarshal(r.Answer.Bytes, &got); err != nil {
		t.Fatalf("answer %s: %v", r.Answer.Bytes, err)
	}
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the command's closing parenthesis: state ppid pgrp session.
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	mine, err := strconv.Atoi(f[3])
	if err != nil {
		t.Fatal(err)
	}
	if got.SID == mine {
		t.Errorf("the agent shares umpire's session %d, want a session of its own", mine)
	}
	if got.TTY != 0 {
		t.Error("the agent can open /dev/tty")
	}
}
