package games

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// nameBranch matches a branch on a game's name: a comparison with, or a
// case of, a game-name literal or constant (which also catches Inference as
// the silent default of an if/else on the name).
func nameBranch() *regexp.Regexp {
	return regexp.MustCompile(`(==|!=)\s*("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)|` +
		`("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)\s*(==|!=)|` +
		`\bcase\s+("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)`)
}

// nameDecl matches a declaration of a game's name as a string literal.
func nameDecl() *regexp.Regexp {
	return regexp.MustCompile(`^\s*((const|var)\s+)?\w+(\s+\w+)?\s*=\s*"(inference|bangarena)"\s*(//.*)?$`)
}

// descriptorFiles may branch on, and declare, the names: they are where a
// game is described.
func descriptorFiles() map[string]bool {
	return map[string]bool{
		"harness/games.go": true, "harness/inference.go": true, "harness/bangarena.go": true,
		"harness/games/game.go": true, "harness/games/inference.go": true, "harness/games/bangarena.go": true,
		"cmd/umpire/games.go": true, "cmd/umpire/game_inference.go": true, "cmd/umpire/game_bangarena.go": true,
		"harness/certify/driver.go": true, "harness/probe/games.go": true, "harness/proxy/games.go": true,
	}
}

// remaining are the files that still branch on a name, with how many lines
// do: each number may only fall. The example agent must stay
// self-contained (it imports nothing of umpire).
func remaining() map[string]int {
	return map[string]int{
		"examples/agents/goagent/connect.go": 2,
	}
}

// otherDecls are the declarations of a name allowed outside harness:
// the wire value of visible_state.game (the referee is stdlib-only) and a
// package not yet moved to harness's names.
func otherDecls() map[string]int {
	return map[string]int{
		"referee/inference/config.go": 1,
	}
}

// TestNoGameNameBranches greps the tree: no Go file outside the descriptor
// files branches on a game's name or declares one, beyond the counts
// recorded above (which may only fall).
func TestNoGameNameBranches(t *testing.T) {
	root := filepath.Join("..", "..")
	descriptors, branchRe, declRe := descriptorFiles(), nameBranch(), nameDecl()
	branches, decls := map[string][]string{}, map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if descriptors[rel] {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "//") {
				continue
			}
			if branchRe.MatchString(line) {
				branches[rel] = append(branches[rel], strings.TrimSpace(line))
			}
			if declRe.MatchString(line) {
				decls[rel] = append(decls[rel], strings.TrimSpace(line))
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, found map[string][]string, allowed map[string]int) {
		for file, lines := range found {
			switch max := allowed[file]; {
			case len(lines) > max:
				t.Errorf("%s: %d %s on a game's name (at most %d); look the game up in its descriptor instead (harness.Lookup, games.Lookup): %q",
					file, len(lines), what, max, lines)
			case len(lines) < max:
				t.Logf("%s: %d %s left, fewer than the %d recorded: lower the count", file, len(lines), what, max)
			}
		}
	}
	check("branch(es)", branches, remaining())
	check("declaration(s)", decls, otherDecls())
}
