package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKnownFailingExample: the list shipped in examples/ reads.
func TestKnownFailingExample(t *testing.T) {
	list, err := readKnownFile(filepath.Join("..", "..", "examples", "known-failing.txt"), "--known-failing")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("have %d entries, want 2", len(list))
	}
}

// TestKnownFailingFlag: a bad list is a usage error before anything runs.
func TestKnownFailingFlag(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("inference/no.such-rule reason\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"conform", "--game", "inference", "--embedded", "--known-failing", bad},
		{"certify", "--game", "inference", "--agent", "true", "--known-failing", bad},
		{"conform", "--game", "inference", "--embedded", "--known-flaky", filepath.Join(t.TempDir(), "missing.txt")},
	} {
		code, _, errOut := runUmpire(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, errOut)
		}
	}
}
