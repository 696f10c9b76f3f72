package agent

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Startable says, before any match, whether a command line can start at
// all: when its program is named plainly (a program and plain words, the
// form certify execs directly), the program must exist and be executable,
// searched on PATH when it has no slash. A command with shell syntax is
// left to the shell (nil): only starting it can tell. dir is the working
// directory relative paths are read from ("" for the current one).
func Startable(command, dir string) error {
	words := strings.Fields(command)
	if len(words) > 0 && words[0] == "exec" {
		words = words[1:]
	}
	if len(words) == 0 {
		return fmt.Errorf("the agent command is empty")
	}
	name := words[0]
	if strings.ContainsAny(name, "=$`'\"\\|&;<>(){}*?[]~!#") {
		return nil // shell syntax: the shell decides
	}
	if !strings.Contains(name, "/") {
		if _, err := exec.LookPath(name); err != nil {
			return fmt.Errorf("the agent's program %q is not found on PATH", name)
		}
		return nil
	}
	path := name
	if !filepath.IsAbs(path) && dir != "" {
		path = filepath.Join(dir, path)
	}
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return fmt.Errorf("the agent's program %s cannot be started: %v", name, err)
	case st.IsDir():
		return fmt.Errorf("the agent's program %s is a directory", name)
	case st.Mode()&0o111 == 0:
		return fmt.Errorf("the agent's program %s is not executable (chmod +x, or name its interpreter: 'python3 %s')", name, name)
	}
	return nil
}
