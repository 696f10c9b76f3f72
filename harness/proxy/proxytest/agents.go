package proxytest

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"testing"
)

// Examples is the import path of the example agents' folder.
const Examples = "github.com/umpire-arena/umpire/examples/agents/"

// bin holds the binaries Main built.
var bin string

// Main builds the example agents of the registered games (Game.Agent)
// and those named (folders of examples/agents, or import paths) once for
// the test package, runs its tests and removes them; a TestMain calls
// os.Exit(proxytest.Main(m, ...)).
func Main(m *testing.M, agents ...string) int {
	for _, g := range Games() {
		if g.Agent != "" && !slices.Contains(agents, g.Agent) {
			agents = append(agents, g.Agent)
		}
	}
	dir, err := os.MkdirTemp("", "umpire-proxytest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	for _, a := range agents {
		pkg := a
		if path.Base(a) == a {
			pkg = Examples + a
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, path.Base(pkg)), pkg)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building", a, err)
			return 1
		}
	}
	bin = dir
	return m.Run()
}

// Bin is the path of the agent name that Main built.
func Bin(name string) string { return filepath.Join(bin, name) }
