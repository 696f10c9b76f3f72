//go:build linux

package agent

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestAgentMemoryLimit: an agent that allocates past its memory limit is
// stopped by the kernel, and its exit says so (out of memory, the limit).
func TestAgentMemoryLimit(t *testing.T) {
	how, err := MemorySupport()
	if err != nil {
		t.Skipf("no memory limit on this system: %v", err)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	w := watchLeaks(t)
	// 256 MiB of written bytes against a 32 MiB limit.
	p := start(t, w, Spec{Command: `python3 -c 'import sys, time; b = b"x" * (256 << 20); print("{}"); sys.stdout.flush(); time.sleep(60)'`, Memory: 32 << 20})
	_, askErr := p.Ask(context.Background(), []byte(`{"type":"ping"}`), 20*time.Second)
	if askErr == nil {
		t.Fatal("the agent answered: it allocated 256 MiB under a 32 MiB limit")
	}
	exit, err := p.Close(generous)
	if err != nil {
		t.Fatalf("Close: %v", err)
	}
	if !exit.OutOfMemory || exit.MemoryLimit != 32<<20 || exit.Termination() != Crash || !strings.Contains(exit.String(), "out of memory") {
		t.Errorf("exit %v (out of memory %v, limit %d, %s), want a crash out of memory under 32 MiB", exit, exit.OutOfMemory, exit.MemoryLimit, exit.Termination())
	}
	t.Logf("%s: ask %v; exit %v", how, askErr, exit)
}

// TestAgentUnderItsMemoryLimit: an agent within its limit runs as before.
func TestAgentUnderItsMemoryLimit(t *testing.T) {
	if _, err := MemorySupport(); err != nil {
		t.Skipf("no memory limit on this system: %v", err)
	}
	w := watchLeaks(t)
	p := start(t, w, Spec{Command: agents.goAgent, Memory: 64 << 20})
	if _, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous); err != nil {
		t.Fatal(err)
	}
	exit, err := p.Close(generous)
	if err != nil || exit.OutOfMemory || exit.MemoryLimit != 64<<20 || exit.Termination() != OK {
		t.Errorf("exit %v (out of memory %v, limit %d), %v; want OK under 64 MiB", exit, exit.OutOfMemory, exit.MemoryLimit, err)
	}
}
