package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
)

// What was judged: a certification records, in its configuration (and so
// in report.json and a bundle's run.json), the SHA-256 of the agent's
// program and, when the program is a known interpreter given a script
// (`python3 bot.py`), of the script; and umpire's own build.

// interpreters are programs whose first argument that is not a flag is the
// script they run.
var interpreters = regexp.MustCompile(`^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|ruby|perl|php|lua[0-9.]*|Rscript|bash|sh|dash|zsh)$`)

// agentDigests describes the files an agent command runs: "program" and
// "program_sha256", and "script" and "script_sha256" when the program is
// an interpreter given a script file. A command with shell syntax, or
// whose files cannot be read, records what could be told (nil when
// nothing).
func agentDigests(command string) map[string]any {
	words := strings.Fields(command)
	for len(words) > 0 && (words[0] == "exec" || (strings.Contains(words[0], "=") && !strings.Contains(words[0], "/"))) {
		words = words[1:] // exec, and VAR=value assignments
	}
	if len(words) == 0 || strings.ContainsAny(words[0], "$`'\"\\|&;<>(){}*?[]~!#") {
		return nil
	}
	prog := words[0]
	path := prog
	if !strings.Contains(prog, "/") {
		p, err := exec.LookPath(prog)
		if err != nil {
			return nil
		}
		path = p
	}
	sum, ok := fileSHA256(path)
	if !ok {
		return nil
	}
	out := map[string]any{"program": path, "program_sha256": sum}
	if interpreters.MatchString(filepath.Base(prog)) {
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "-") {
				if w == "-m" || w == "-c" || w == "-e" {
					break // a module or inline code: no script file
				}
				continue
			}
			if s, ok := fileSHA256(w); ok {
				out["script"], out["script_sha256"] = w, s
			}
			break
		}
	}
	return out
}

// fileSHA256 hashes a regular file.
func fileSHA256(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", false
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// buildRecord describes umpire's own build (runtime/debug.ReadBuildInfo):
// its version, Go version, module and, when built from a checkout, the
// VCS revision, time and whether the tree was modified.
func buildRecord() map[string]any {
	out := map[string]any{"version": strings.TrimSpace(version)}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return out
	}
	out["go"] = bi.GoVersion
	out["module"] = bi.Main.Path
	if bi.Main.Version != "" {
		out["module_version"] = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision", "vcs.time", "vcs.modified":
			out[s.Key] = s.Value
		}
	}
	return out
}

// judgedRecord is what a certification records of what it judged.
func judgedRecord(agentCmd, baselineCmd string) map[string]any {
	m := map[string]any{"umpire_build": buildRecord()}
	if d := agentDigests(agentCmd); d != nil {
		m["agent_files"] = d
	}
	if d := agentDigests(baselineCmd); d != nil {
		m["baseline_files"] = d
	}
	return m
}
