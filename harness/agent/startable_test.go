package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStartable(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bot.py")
	if err := os.WriteFile(script, []byte("print(1)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, cmd, want string
	}{
		{"on PATH", "sh -c true", ""},
		{"missing on PATH", "does-not-exist-umpire --flag", "not found on PATH"},
		{"missing path", "/nonexistent/bot", "cannot be started"},
		{"not executable", script, "not executable"},
		{"a directory", dir, "is a directory"},
		{"interpreter named", "sh " + script, ""},
		{"shell syntax is the shell's", "FOO=1 ./nowhere | cat", ""},
		{"empty", "  ", "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Startable(tc.cmd, "")
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("Startable(%q) = %v, want %q", tc.cmd, err, tc.want)
			}
		})
	}
}
