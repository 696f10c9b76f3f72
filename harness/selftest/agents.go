package selftest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// modulePath is the module whose source tree holds the example agents.
const modulePath = "github.com/umpire-arena/umpire"

// Paths of the example agents inside the source tree.
const (
	goAgentPkg  = "./examples/agents/goagent"
	pythonAgent = "examples/agents/python/agent.py"
)

// sources is where the example agents' sources were found.
type sources struct {
	// root is the source tree ("" when none was found).
	root string
	// why says why no tree was found.
	why string
}

// findSources returns the source tree holding the example agents: root when
// given, else the first directory from the working directory upwards whose
// go.mod declares umpire's module.
func findSources(root string) sources {
	if root != "" {
		if !isUmpireTree(root) {
			return sources{why: fmt.Sprintf("%s is not a source tree of %s", root, modulePath)}
		}
		return sources{root: root}
	}
	dir, err := os.Getwd()
	if err != nil {
		return sources{why: "the working directory is unknown: " + err.Error()}
	}
	for {
		if isUmpireTree(dir) {
			return sources{root: dir}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return sources{why: "the example agents' sources are not here: run selftest inside a clone of umpire to certify them"}
		}
		dir = parent
	}
}

// isUmpireTree reports whether dir holds umpire's go.mod and example agents.
func isUmpireTree(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	found := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && strings.Trim(strings.TrimSpace(rest), `"`) == modulePath {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, "examples", "agents"))
	return err == nil && st.IsDir()
}

// goBuild builds the Go example agent once, on first use, into a temporary
// directory that cleanup removes.
type goBuild struct {
	src      sources
	lookPath func(string) (string, error)

	once sync.Once
	dir  string
	path string
	skip string // why the agent cannot be built here
	err  error  // why the build failed
}

// agent returns the built agent's path, or a Skip error when the machine
// has no go tool or no sources, or the build's error.
func (b *goBuild) agent(ctx context.Context) (string, error) {
	b.once.Do(func() { b.build(ctx) })
	if b.skip != "" {
		return "", Skip(b.skip)
	}
	return b.path, b.err
}

func (b *goBuild) build(ctx context.Context) {
	if b.src.root == "" {
		b.skip = b.src.why
		return
	}
	gotool, err := b.lookPath("go")
	if err != nil {
		b.skip = "the go tool is not on PATH, so the Go example agent cannot be built (install Go to certify it)"
		return
	}
	b.dir, b.err = os.MkdirTemp("", "umpire-selftest-")
	if b.err != nil {
		return
	}
	out := filepath.Join(b.dir, "agent")
	cmd := exec.CommandContext(ctx, gotool, "build", "-o", out, goAgentPkg)
	cmd.Dir = b.src.root
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			b.err = ctx.Err() // stopped, not a broken build
			return
		}
		b.err = fmt.Errorf("building the Go example agent (go build -o %s %s in %s): %v: %s", out, goAgentPkg, b.src.root, err, tail(msg.String(), 800))
		return
	}
	b.path = out
}

// cleanup removes the build directory.
func (b *goBuild) cleanup() {
	if b.dir != "" {
		_ = os.RemoveAll(b.dir)
	}
}

// tail returns the last n bytes of s, trimmed.
func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}

// shellQuote quotes s for sh -c, which certify runs agents with.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+=:,@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
