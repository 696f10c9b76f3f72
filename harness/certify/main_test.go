package certify

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// bin holds the example agents built for this test binary.
var bin struct {
	dir, agent, broken string
	python             string // "" when python3 is missing
}

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeAgent(mode))
	}
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "certify-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin.dir = dir
	bin.agent, bin.broken = filepath.Join(dir, "agent"), filepath.Join(dir, "broken")
	for out, pkg := range map[string]string{bin.agent: "../../examples/agents/goagent", bin.broken: "../../examples/agents/broken"} {
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building the example agents:", err)
			return 1
		}
	}
	if p, err := exec.LookPath("python3"); err == nil {
		bin.python = p
	}
	return m.Run()
}
