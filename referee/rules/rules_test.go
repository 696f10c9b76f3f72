package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ruleIDPattern matches string literals that look like rule ids of the
// catalogue's games (each game named by the ids of its rules: a game added
// to the catalogue needs no edit here).
func ruleIDPattern() *regexp.Regexp {
	var games []string
	for _, r := range Default().All() {
		g, _, _ := strings.Cut(r.ID, "/")
		if g = regexp.QuoteMeta(g); !slices.Contains(games, g) {
			games = append(games, g)
		}
	}
	return regexp.MustCompile(`^(` + strings.Join(games, "|") + `)/[a-z0-9][a-z0-9._-]*$`)
}

// moduleRoot walks up from the package directory to the folder with go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the package directory")
		}
		dir = parent
	}
}

// isCatalogue reports whether path lies in a package of the catalogue's
// lists: this one, or a game's rulebook (referee/<game>/rulebook).
func isCatalogue(root, path string) bool {
	dir, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil {
		return false
	}
	parts := strings.Split(filepath.ToSlash(dir), "/")
	return dir == filepath.Join("referee", "rules") ||
		len(parts) == 3 && parts[0] == "referee" && parts[2] == "rulebook"
}

// citations maps every rule-id-like string literal in the module's Go files
// (outside the catalogue's own list files) to the files that use it, split by
// whether the file is a test.
func citations(t *testing.T) (code, tests map[string][]string) {
	t.Helper()
	root := moduleRoot(t)
	code, tests = map[string][]string{}, map[string][]string{}
	idPattern := ruleIDPattern()
	catalogueFiles := map[string]bool{
		// This file's own table of malformed ids is not a citation.
		filepath.Join(root, "referee", "rules", "rules_test.go"): true,
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		// The catalogue's own lists (every non-test file of this package
		// and of each game's rulebook) define ids; they do not cite them.
		if isCatalogue(root, path) && !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if !strings.HasSuffix(path, ".go") || catalogueFiles[path] {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		isTest := strings.HasSuffix(path, "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !idPattern.MatchString(s) || !strings.Contains(s[strings.Index(s, "/"):], ".") {
				return true
			}
			if isTest {
				tests[s] = append(tests[s], rel)
			} else {
				code[s] = append(code[s], rel)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return code, tests
}

func TestCatalogueIsWellFormed(t *testing.T) {
	if _, err := NewCatalogue(ruleLists()...); err != nil {
		t.Fatal(err)
	}
}

func TestNewCatalogueRejectsBadLists(t *testing.T) {
	ok := Rule{ID: "g/round.3.raise-cap", Level: Must, Doc: "d", Section: "s", Text: "t"}
	tests := []struct {
		name  string
		rules []Rule
	}{
		{"duplicate id", []Rule{ok, ok}},
		{"no dot after slash", []Rule{{ID: "g/round", Level: Must, Doc: "d", Section: "s", Text: "t"}}},
		{"upper case", []Rule{{ID: "G/round.3", Level: Must, Doc: "d", Section: "s", Text: "t"}}},
		{"unknown level", []Rule{{ID: "g/round.3", Level: "MAY", Doc: "d", Section: "s", Text: "t"}}},
		{"empty text", []Rule{{ID: "g/round.3", Level: Must, Doc: "d", Section: "s"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewCatalogue(tc.rules); err == nil {
				t.Fatalf("NewCatalogue accepted %+v", tc.rules)
			}
		})
	}
}

// TestEveryCitedIDExists fails when code or a test names a rule id that the
// catalogue does not list.
func TestEveryCitedIDExists(t *testing.T) {
	cat := Default()
	code, tests := citations(t)
	for _, m := range []map[string][]string{code, tests} {
		for id, files := range m {
			if _, ok := cat.Lookup(id); !ok {
				t.Errorf("rule id %q is used in %v but is not in the catalogue", id, files)
			}
		}
	}
}

// TestEveryRuleHasACitingTest fails when a catalogue rule is not named by
// any test: every rule is tested by a test that cites it.
func TestEveryRuleHasACitingTest(t *testing.T) {
	_, tests := citations(t)
	for _, r := range Default().All() {
		if len(tests[r.ID]) == 0 {
			t.Errorf("rule %s (%s %s) is not cited by any _test.go file", r.ID, r.Doc, r.Section)
		}
	}
}

func TestRuleOf(t *testing.T) {
	err := Errorf("g/round.3.raise-cap", "no raises left")
	if got := RuleOf(err); got != "g/round.3.raise-cap" {
		t.Fatalf("RuleOf = %q", got)
	}
	if got := RuleOf(os.ErrNotExist); got != "" {
		t.Fatalf("RuleOf(plain error) = %q, want empty", got)
	}
}
