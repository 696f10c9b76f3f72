package rules

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules/def"
)

// checkBook reports what is wrong with a game's book: a rule of another
// game, or a schema rule, clause or log-only entry naming no rule of the
// book (a list of one game's rulebook that names another's, or a rule
// renamed in one place only).
func checkBook(b def.Book) []string {
	var errs []string
	if b.Game == "" || b.Rules == nil {
		return []string{"a book without its game's name or rules"}
	}
	ids := map[string]bool{}
	for _, r := range b.Rules() {
		if r.Game() != b.Game {
			errs = append(errs, b.Game+": rule "+r.ID+" is another game's")
		}
		ids[r.ID] = true
	}
	named := func(what string, list []string) {
		for _, id := range list {
			if !ids[id] {
				errs = append(errs, b.Game+": "+what+" "+id+" is no rule of the book")
			}
		}
	}
	if b.SchemaRules != nil {
		named("schema rule", b.SchemaRules())
	}
	if b.Clauses != nil {
		named("clause of", slices.Collect(maps.Keys(b.Clauses())))
	}
	if b.LogOnly != nil {
		named("log-only rule", slices.Collect(maps.Keys(b.LogOnly())))
	}
	return errs
}

// TestBooks: every game's book holds to checkBook, the games are named
// once each, and each way a book can go wrong is caught.
func TestBooks(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range books() {
		for _, e := range checkBook(b) {
			t.Error(e)
		}
		if seen[b.Game] {
			t.Errorf("game %s has two books", b.Game)
		}
		seen[b.Game] = true
	}
	rules := func() []Rule { return []Rule{{ID: "g/a.one"}, {ID: "g/log.two"}} }
	for _, tc := range []struct {
		name string
		book def.Book
		want string
	}{
		{"fine", def.Book{Game: "g", Rules: rules, SchemaRules: func() []string { return []string{"g/a.one"} }}, ""},
		{"no name", def.Book{Rules: rules}, "without its game's name"},
		{"another game's rule", def.Book{Game: "h", Rules: rules}, "g/a.one is another game's"},
		{"unknown schema rule", def.Book{Game: "g", Rules: rules, SchemaRules: func() []string { return []string{"g/a.nine"} }}, "schema rule g/a.nine"},
		{"unknown clause", def.Book{Game: "g", Rules: rules, Clauses: func() map[string][]Clause { return map[string][]Clause{"h/a.one": nil} }}, "clause of h/a.one"},
		{"unknown log-only", def.Book{Game: "g", Rules: rules, LogOnly: func() map[string]string { return map[string]string{"g/a.two": "why"} }}, "log-only rule g/a.two"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := strings.Join(checkBook(tc.book), "; ")
			if tc.want == "" && errs != "" || tc.want != "" && !strings.Contains(errs, tc.want) {
				t.Errorf("errors %q, want %q", errs, tc.want)
			}
		})
	}
}

// mentionsGame reports whether a line of Go source mentions one of games:
// the name in any case but all capitals (a reading's id, "I-XTOY-5"), as a
// word or the start of one (xtoyStatements), not inside another word.
func mentionsGame(games []string, line string) bool {
	quoted := make([]string, len(games))
	for i, g := range games {
		quoted[i] = regexp.QuoteMeta(g)
	}
	re := regexp.MustCompile(`(?i)(?:^|[^a-z])(` + strings.Join(quoted, "|") + `)`)
	for _, m := range re.FindAllStringSubmatch(line, -1) {
		if m[1] != strings.ToUpper(m[1]) {
			return true
		}
	}
	return false
}

// TestOnlyGamesGoNamesGames (issue 28): a game's part of the catalogue lives
// in its rulebook, its tests beside it; games.go, which lists the books, is
// the one file of this package (and of def), tests included, that names a
// game, in code or in comments.
func TestOnlyGamesGoNamesGames(t *testing.T) {
	var games []string
	for _, b := range books() {
		games = append(games, b.Game)
	}
	toy := []string{"xtoy", "ytoy"}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`return Statements("xtoy")`, true}, {"// Ytoy's §13", true}, {"func xtoyRules()", true},
		{"// rules of the game named in the id", false}, {`"I-XTOY-5"`, false}, {"proxtoy", false},
	} {
		if got := mentionsGame(toy, tc.src); got != tc.want {
			t.Errorf("%q names a game: %v, want %v", tc.src, got, tc.want)
		}
	}
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob(filepath.Join("def", "*.go"))
	for _, f := range append(files, more...) {
		if f == "games.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if mentionsGame(games, line) {
				t.Errorf("%s:%d names a game (its place is the game's rulebook, or games.go): %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
