//go:build unix

package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestEndlessInputInterrupted: verify and validate reading an endless input
// (/dev/zero, a standard input that never closes) stop within moments of
// SIGINT/SIGTERM (their context ending), instead of reading on: exit 3, or
// exit 1 where the reader gives up by itself first (BangArena's log reader
// stops at a line over its bound).
func TestEndlessInputInterrupted(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--game", "inference", "/dev/zero"},
		{"verify", "--game", "bangarena", "/dev/zero"},
		{"validate", "--game", "inference", "/dev/zero"},
		{"validate", "--game", "bangarena", "/dev/zero"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			type result struct {
				code     int
				out, err string
			}
			done := make(chan result, 1)
			go func() {
				code, out, errs := runEnv(t, "", false, func(e *env) int { return run(ctx, e, args) })
				done <- result{code, out, errs}
			}()
			select {
			case r := <-done:
				if r.code != exitError && r.code != exitFail {
					t.Errorf("have exit %d, want %d or %d\nstdout: %.500s\nstderr: %.500s", r.code, exitError, exitFail, r.out, r.err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("still reading 20 s after the context ended")
			}
		})
	}
}
