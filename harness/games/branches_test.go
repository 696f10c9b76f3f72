package games_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/games"
)

// mustCompile compiles a pattern written for the games' names as
// "inference|bangarena" and titles as "Inference|BangArena", for every
// registered game instead: a game added to the registry is watched with
// no edit here.
func mustCompile(pattern string) *regexp.Regexp {
	var names, titles []string
	for _, g := range games.All() {
		names = append(names, regexp.QuoteMeta(g.Name))
		titles = append(titles, regexp.QuoteMeta(strings.ReplaceAll(g.Title, " ", "")))
	}
	pattern = strings.ReplaceAll(pattern, "inference|bangarena", strings.Join(names, "|"))
	pattern = strings.ReplaceAll(pattern, "Inference|BangArena", strings.Join(titles, "|"))
	return regexp.MustCompile(pattern)
}

// perGame adds, for every registered game, the files named by each
// pattern with %s for the game's name.
func perGame(m map[string]bool, patterns ...string) map[string]bool {
	for _, g := range games.All() {
		for _, p := range patterns {
			m[fmt.Sprintf(p, g.Name)] = true
		}
	}
	return m
}

// nameBranch matches a branch on a game's name: a comparison with, or a
// case of, a game-name literal or constant (which also catches Inference as
// the silent default of an if/else on the name).
func nameBranch() *regexp.Regexp {
	return mustCompile(`(==|!=)\s*("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)|` +
		`("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)\s*(==|!=)|` +
		`\bcase\s+("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)`)
}

// nameDecl matches a declaration of a game's name as a string literal.
func nameDecl() *regexp.Regexp {
	return mustCompile(`^\s*((const|var)\s+)?\w+(\s+\w+)?\s*=\s*"(inference|bangarena)"\s*(//.*)?$`)
}

// gameWord matches one mention of a game: its name as a literal or a
// constant, or an identifier made of it (inferenceChecks, BangArenaSide),
// but not a word that merely contains its letters ("minimal" for "nim").
func gameWord() *regexp.Regexp {
	return mustCompile(`(?:^|[^A-Za-z])(inference|bangarena)|(Inference|BangArena)`)
}

// tableKey matches an entry of a table keyed by a game's name.
func tableKey() *regexp.Regexp {
	return mustCompile(`^\s*("(inference|bangarena)"|[\w.]*[Gg]ame(Inference|BangArena)\b)\s*:`)
}

// gameName matches a game's name itself: the literal or the constant.
func gameName() *regexp.Regexp {
	return mustCompile(`"(inference|bangarena)"|[Gg]ame(Inference|BangArena)\b`)
}

// isTable reports whether line lists games: it names two games (a list
// or a map of them on one line), or keys an entry by a game's name. A
// game is registered in one place (harness/game) and found through it;
// a list of games anywhere else is a second registry.
func isTable(line string, word, key *regexp.Regexp) bool {
	if key.MatchString(line) {
		return true
	}
	named := map[string]bool{}
	if strings.HasPrefix(line, "import") || strings.Contains(line, `"github.com/`) {
		return false
	}
	for _, m := range word.FindAllStringSubmatch(line, -1) {
		named[strings.ToLower(m[1]+m[2])] = true
	}
	return len(named) > 1
}

// descriptorFiles may branch on, and declare, the names: they are where a
// game is described (referee/<game>/name.go is where a game whose name is
// not in package harness declares it once, for every package of its own
// to import: its register.go cannot be imported by its sub-packages).
func descriptorFiles() map[string]bool {
	return perGame(map[string]bool{
		"harness/games.go": true, "harness/games/game.go": true, "cmd/umpire/games.go": true,
		"harness/conform/games.go": true,
	}, "harness/%s.go", "harness/%s/register.go", "referee/%s/name.go")
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

// registrationFiles are where a game is registered: each hands the
// registry every part of one game (a line there may name the game's part
// of each mode), or is the registry itself.
func registrationFiles() map[string]bool {
	return perGame(map[string]bool{"harness/games.go": true}, "harness/%s.go", "harness/%s/register.go")
}

// tables are the files that still hold lines naming two games, with how
// many lines do: each number may only fall. Most are messages or the
// per-game parts still written inside a mode (see ARCHITECTURE.md).
func tables() map[string]int {
	return map[string]int{
		// Re-exports of both names, one set per mode package (their tests
		// say conform.GameInference): a third game would add one to each.
		"harness/conform/target.go": 1, "harness/selftest/selftest.go": 1,
		"harness/certify/config.go": 1,
		// BangArena's serve keeps accepting Inference's --rounds (its help
		// says so), and a script drives both games.
		"harness/bangarena/cli/serve.go": 1, "scripts/hostilehost/main.go": 1, "scripts/hostilehost/agents.go": 1,
		// The example agent is self-contained. (The catalogue lists the
		// games' rulebooks one line each, in referee/rules/games.go.)
		"examples/agents/goagent/connect.go": 2,
	}
}

// TestNoGameNameBranches greps the tree: no Go file outside the descriptor
// files branches on a game's name or declares one, and none outside the
// registration files lists games (a line naming two games, or an entry
// keyed by a game's name), beyond the counts recorded above (which may
// only fall).
func TestNoGameNameBranches(t *testing.T) {
	root := filepath.Join("..", "..")
	descriptors, branchRe, declRe := descriptorFiles(), nameBranch(), nameDecl()
	registration, wordRe, keyRe, nameRe := registrationFiles(), gameWord(), tableKey(), gameName()
	branches, decls, lists := map[string][]string{}, map[string][]string{}, map[string][]string{}
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
		if descriptors[rel] && registration[rel] {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		named := map[string]bool{} // the games this file names, on any lines
		defer func() {
			if len(named) > 1 && !registration[rel] {
				lists[rel] = append(lists[rel], "names two games on separate lines")
			}
		}()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "//") {
				continue
			}
			for _, m := range nameRe.FindAllStringSubmatch(line, -1) {
				named[strings.ToLower(m[1]+m[2])] = true
			}
			if !registration[rel] && isTable(line, wordRe, keyRe) {
				lists[rel] = append(lists[rel], strings.TrimSpace(line))
			}
			if descriptors[rel] {
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
				t.Errorf("%s: %d %s (at most %d); look the game up in the registry instead (harness/game: Lookup, Part; register a part in harness/<game>/register.go): %q",
					file, len(lines), what, max, lines)
			case len(lines) < max:
				t.Logf("%s: %d %s left, fewer than the %d recorded: lower the count", file, len(lines), what, max)
			}
		}
	}
	check("branch(es) on a game's name", branches, remaining())
	check("declaration(s) of a game's name", decls, otherDecls())
	check("list(s) of games", lists, tables())
}
