package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
)

// The independent servers: written apart from umpire, from the rules
// documents and the wire pins, and correct as far as anyone knows. They sit
// beside the repository (../shared/peers) on developers' machines and in CI;
// end users have neither them nor, often, python3, so the test skips saying
// why when either is missing. UMPIRE_PEERS names another folder.
var peerServers = []struct {
	game, dir string
}{
	{harness.GameInference, "inference-server"},
	{harness.GameBangArena, "bangarena-server"},
}

// TestConformPeers runs `umpire conform --create` against each independent
// server and requires exit 0: umpire must judge a correct server it did not
// write as conforming. A MUST finding here is a false verdict of umpire's
// until the document's sentence shows otherwise.
func TestConformPeers(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the independent servers' runs take a minute or two")
	}
	dir, why := peersDir()
	if dir == "" {
		t.Skip(why)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the independent servers are Python programs")
	}
	for _, p := range peerServers {
		t.Run(p.game, func(t *testing.T) {
			url := startPeer(t, py, filepath.Join(dir, p.dir, "server.py"))
			reports := t.TempDir()
			start := time.Now()
			code, out, errs := runUmpire(t, "", "conform", "--game", p.game, "--target", url, "--create", "--report-dir", reports)
			t.Logf("%s peer: exit %d in %s; %s", p.game, code, time.Since(start).Round(time.Second), lastLines(out+errs, "coverage"))
			if code != exitOK {
				t.Fatalf("conform against the independent %s server: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", p.game, code, failingLines(out), errs)
			}
		})
	}
}

// peersDir finds the independent servers: $UMPIRE_PEERS, else
// ../shared/peers beside the module's root. It returns "" and the reason
// when there are none.
func peersDir() (string, string) {
	if d := os.Getenv("UMPIRE_PEERS"); d != "" {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return "", fmt.Sprintf("UMPIRE_PEERS=%s is not a folder", d)
		}
		return d, ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", "cannot tell the working folder: " + err.Error()
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			peers := filepath.Join(d, "..", "shared", "peers")
			if st, err := os.Stat(peers); err == nil && st.IsDir() {
				return peers, ""
			}
			return "", "no independent servers at " + peers + " (../shared beside the repository; set UMPIRE_PEERS to point elsewhere)"
		}
		if filepath.Dir(d) == d {
			return "", "no go.mod above " + wd
		}
	}
}

// startPeer starts one independent server on a free loopback port and
// returns its base URL once it has said so; the server is stopped (its
// whole process group) when the test ends.
func startPeer(t *testing.T, python, script string) string {
	t.Helper()
	if _, err := os.Stat(script); err != nil {
		t.Skipf("independent server missing: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, python, script, "--port", "0", "--quiet")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, n: 64 << 10}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start %s: %v", script, err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cancel()
			<-done
		}
		cancel()
		if s := stderr.String(); s != "" {
			t.Logf("%s wrote on stderr:\n%s", filepath.Base(filepath.Dir(script)), s)
		}
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		for sc.Scan() { // keep the pipe drained
		}
	}()
	select {
	case l, ok := <-line:
		url, found := strings.CutPrefix(strings.TrimSpace(l), "listening ")
		if !ok || !found || !strings.HasPrefix(url, "http://") {
			t.Fatalf("%s did not say where it listens (first line %q); stderr: %s", script, l, stderr.String())
		}
		return url
	case <-time.After(20 * time.Second):
		t.Fatalf("%s said nothing within 20 s; stderr: %s", script, stderr.String())
	}
	return ""
}

// limitedWriter keeps the first n bytes written to it and drops the rest.
type limitedWriter struct {
	w *strings.Builder
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if k := min(len(p), l.n); k > 0 {
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

// lastLines returns the lines of s that start with prefix.
func lastLines(s, prefix string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "; ")
}

// failingLines keeps a conform console report's FAIL and ERROR blocks (and
// the summary), which is what a reader of a failed test needs.
func failingLines(out string) string {
	var keep []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "FAIL") || strings.HasPrefix(l, "ERROR"):
			in = true
		case strings.HasPrefix(l, "PASS") || strings.HasPrefix(l, "WARN") || strings.HasPrefix(l, "SKIP"):
			in = false
		}
		if in || strings.HasPrefix(l, "coverage") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
