package certify

import (
	"bufio"
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startHTTPAgent starts the Go example agent serving HTTP on a free loopback
// port and returns its URL; the process is killed and reaped at cleanup.
func startHTTPAgent(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(bin.agent, "-http", "127.0.0.1:0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if i := strings.Index(sc.Text(), "http://"); i >= 0 {
				lines <- strings.TrimSpace(sc.Text()[i:])
				break
			}
		}
		for sc.Scan() {
		}
	}()
	select {
	case u := <-lines:
		return u
	case <-ctx.Done():
		t.Fatal("the HTTP agent did not say where it listens")
	}
	return ""
}
