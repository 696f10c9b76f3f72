//go:build linux

package agent

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nobody is the user a root test run re-executes itself as.
const nobody = 65534

// runAsUser runs the test named by t as an unprivileged user: itself when
// this process is not root; otherwise the test binary is copied where that
// user can run it and re-executed as uid/gid 65534 with -test.run naming
// the test, and false is returned (the caller returns: the child did the
// work). The child's output is logged; its failure fails t.
func runAsUser(t *testing.T) bool {
	t.Helper()
	if os.Getuid() != 0 {
		return true
	}
	dir, err := os.MkdirTemp("", "umpire-as-user-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "agent.test")
	copyFile(t, self, bin)
	agentBin := filepath.Join(dir, "goagent")
	copyFile(t, strings.Trim(agents.goAgent, "'"), agentBin)
	for _, p := range []string{dir, bin, agentBin} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run=^"+t.Name()+"$", "-test.v", "-test.timeout=50s")
	if cmd.Dir, err = os.Getwd(); err != nil { // the fixtures are in testdata
		t.Fatal(err)
	}
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "TMPDIR=/tmp", asUserAgentEnv + "=" + shellQuote(agentBin)}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}, Setsid: true, Pdeathsig: syscall.SIGKILL}
	out, err := cmd.CombinedOutput()
	t.Logf("as uid %d:\n%s", nobody, out)
	if err != nil || !bytes.Contains(out, []byte("--- PASS: "+t.Name())) {
		t.Fatalf("as uid %d: %v", nobody, err)
	}
	return false
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// processesRunning lists the live processes whose command line is exactly
// argv.
func processesRunning(argv ...string) []int {
	want := []byte(strings.Join(argv, "\x00") + "\x00")
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && bytes.Equal(b, want) && alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// TestDaemonWithoutEnvironmentAsUser: run by a normal user (no writable
// cgroup), an agent whose grandchild clears its environment (so no marker)
// and calls setsid does not outlive Close, and is named among the
// survivors: with the PID namespace, and with the subreaper init where
// namespaces are refused.
func TestDaemonWithoutEnvironmentAsUser(t *testing.T) {
	if !runAsUser(t) {
		return
	}
	for _, via := range []Containment{"", ContainSubreaper} {
		t.Run(map[Containment]string{"": "best", ContainSubreaper: "subreaper"}[via], func(t *testing.T) {
			daemonEscapes(t, via)
		})
	}
}

// daemonEscapes is TestDaemonWithoutEnvironmentAsUser with the containment
// via ("" the best).
func daemonEscapes(t *testing.T, via Containment) {
	w := watchLeaks(t)
	// A duration no other process uses, to find the daemon by its command line.
	secs := strconv.Itoa(100000 + os.Getpid()%100000 + len(via))
	cmd := `setsid env -i /bin/sh -c 'exec sleep ` + secs + `' </dev/null >/dev/null 2>&1 & exec ` + agents.goAgent
	p, err := Start(context.Background(), Spec{Command: cmd, containment: via})
	if err != nil {
		t.Fatal(err)
	}
	w.track(p.PID())
	t.Cleanup(func() {
		p.Close(0)
		for _, pid := range processesRunning("sleep", secs) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	if _, err := p.Ask(context.Background(), fixture(t, "inference_your_turn.json"), generous); err != nil {
		t.Fatalf("Ask: %v", err)
	}
	deadline := time.Now().Add(generous)
	for len(processesRunning("sleep", secs)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the daemon never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	exit, err := p.Close(generous)
	if err != nil {
		t.Fatalf("Close: %v", err)
	}
	for deadline := time.Now().Add(generous); len(processesRunning("sleep", secs)) > 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if left := processesRunning("sleep", secs); len(left) > 0 {
		t.Errorf("the daemon %v outlived Close (containment %s, survivors %v)", left, exit.Containment, exit.Survivors)
	}
	found := false
	for _, s := range exit.Survivors {
		found = found || strings.Contains(s.Command, "sleep "+secs)
	}
	if !found {
		t.Errorf("survivors %v (containment %s), want the daemon (sleep %s)", exit.Survivors, exit.Containment, secs)
	}
	if via != "" && exit.Containment != via {
		t.Errorf("containment %s, want %s", exit.Containment, via)
	}
	t.Logf("uid %d, containment %s, survivors %v", os.Getuid(), exit.Containment, exit.Survivors)
}
