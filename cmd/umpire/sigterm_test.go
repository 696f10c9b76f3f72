//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERMEndsReading builds umpire and sends SIGTERM to verify and
// validate reading an input that never ends (/dev/zero) or never says a
// word (a pipe nobody writes to, as standard input): each exits 3 (the run
// was interrupted: the input was not read through) within seconds. A read
// blocked on standard input once held the command until the pipe closed,
// and an interrupted verify could exit 1.
func TestSIGTERMEndsReading(t *testing.T) {
	if testing.Short() {
		t.Skip("builds umpire")
	}
	bin := filepath.Join(t.TempDir(), "umpire")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tests := []struct {
		args  []string
		stdin bool // a silent pipe as standard input
	}{
		{[]string{"verify", "--game", "inference", "/dev/zero"}, false},
		{[]string{"validate", "--game", "inference", "/dev/zero"}, false},
		{[]string{"validate", "--game", "bangarena", "/dev/zero"}, false},
		{[]string{"verify", "--game", "inference", "-"}, true},
		{[]string{"verify", "--game", "bangarena", "-"}, true},
		{[]string{"validate", "--game", "inference", "-"}, true},
		{[]string{"validate", "--game", "bangarena", "-"}, true},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			if tc.stdin {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				defer r.Close()
				cmd.Stdin = r
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Second)
			sent := time.Now()
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				var ee *exec.ExitError
				code := 0
				if errors.As(err, &ee) {
					code = ee.ExitCode()
				}
				if code != exitError {
					t.Errorf("exit %d, want %d\n%.500s", code, exitError, stderr.String())
				}
				if el := time.Since(sent); el > 5*time.Second {
					t.Errorf("ended %v after SIGTERM", el)
				}
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				<-done
				t.Fatalf("still running 20 s after SIGTERM\n%.500s", stderr.String())
			}
		})
	}
}
