package proxytest

import (
	"bufio"
	"bytes"
	"io"
	"os/exec"
	"testing"
	"time"
)

// Stdio is an example agent that speaks JSON Lines on stdin/stdout (the
// broken agent), bridged to the relay by the test: the bridge (the game's)
// is the network client, the agent makes every decision.
type Stdio struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	// Lines are the agent's lines, closed when its output ends.
	Lines chan []byte
}

// StartStdio starts the agent name that Main built with args; the test's
// cleanup kills it.
func StartStdio(t testing.TB, name string, args ...string) *Stdio {
	t.Helper()
	cmd := exec.Command(Bin(name), args...)
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
	a := &Stdio{cmd: cmd, in: in, Lines: make(chan []byte, 64)}
	go func() {
		defer close(a.Lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 2<<20)
		for sc.Scan() {
			a.Lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	t.Cleanup(func() {
		in.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return a
}

// Send writes b to the agent as one line.
func (a *Stdio) Send(b []byte) { _, _ = a.in.Write(append(bytes.TrimRight(b, "\n"), '\n')) }

// Answer waits up to d for the agent's next line.
func (a *Stdio) Answer(d time.Duration) ([]byte, bool) {
	select {
	case l, ok := <-a.Lines:
		return l, ok
	case <-time.After(d):
		return nil, false
	}
}
