package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirectArgv: a command the shell would only run is started without
// the shell; anything with shell syntax, or a program that cannot be found,
// still goes through `sh -c`.
func TestDirectArgv(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "agent")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plain"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, command, dir string
		env                []string
		want               string // the words, "" when the shell must run it
	}{
		{"bare name on PATH", "cat", "", nil, "cat"},
		{"exec is dropped", "exec cat -u", "", nil, "cat -u"},
		{"absolute path with flags", prog + " -seed 7 -mode=x", "", nil, prog + " -seed 7 -mode=x"},
		{"path relative to the working directory", "./agent -v", dir, nil, "./agent -v"},
		{"missing program", "/nonexistent/agent", "", nil, ""},
		{"not executable", filepath.Join(dir, "plain"), "", nil, ""},
		{"a directory", dir, "", nil, ""},
		{"bare name not on PATH", "no-such-agent-anywhere", "", nil, ""},
		{"bare name with the agent's own environment", "cat", "", []string{"PATH=/opt"}, ""},
		{"assignment", "FOO=1 cat", "", nil, ""},
		{"expansion", "cat $HOME", "", nil, ""},
		{"quoting", "cat 'a b'", "", nil, ""},
		{"pipe", "cat | cat", "", nil, ""},
		{"redirection", "cat >out", "", nil, ""},
		{"glob", "cat *.json", "", nil, ""},
		{"tilde", "~/agent", "", nil, ""},
		{"list", "cat; cat", "", nil, ""},
		{"exec alone", "exec", "", nil, ""},
		{"empty", "  ", "", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			words, ok := directArgv(tc.command, tc.dir, tc.env)
			got := ""
			if ok {
				got = strings.Join(words, " ")
			}
			if got != tc.want {
				t.Errorf("directArgv(%q) = %q, %v; want %q", tc.command, got, ok, tc.want)
			}
		})
	}
}
