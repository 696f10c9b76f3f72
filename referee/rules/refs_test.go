package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// headings returns the anchors of the Markdown headings of a page of the
// repository (path relative to the repository root).
func headings(t *testing.T, page string) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", filepath.FromSlash(page)))
	if err != nil {
		t.Fatalf("the reference page is missing: %v", err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	fence := false
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimLeft(line, "#")
		if h == line || !strings.HasPrefix(h, " ") {
			continue
		}
		out[Slug(h)] = true
	}
	return out
}

// Every contract reference of the catalogue (a rule's Ref) names a heading
// of the repository's own reference pages, docs/wire.md or docs/cli.md,
// so a finding never cites a document the user does not have.
func TestContractRefsResolve(t *testing.T) {
	pages := map[string]map[string]bool{}
	n := 0
	for _, r := range Default().All() {
		if r.Basis != BasisContract {
			continue
		}
		n++
		page, anchor, ok := RefDoc(r.Ref)
		if !ok || anchor == "" {
			t.Errorf("%s: contract reference %q names no section of docs/wire.md or docs/cli.md", r.ID, r.Ref)
			continue
		}
		if pages[page] == nil {
			pages[page] = headings(t, page)
		}
		if !pages[page][anchor] {
			t.Errorf("%s: reference %q → %s#%s: no such heading", r.ID, r.Ref, page, anchor)
		}
	}
	if n == 0 {
		t.Fatal("no contract rule in the catalogue")
	}
}

func TestRefDoc(t *testing.T) {
	tests := []struct {
		name, ref, want string
	}{
		{"wire section", "WIRE.md Errors", "docs/wire.md#errors"},
		{"cli section", "CLI.md certify", "docs/cli.md#certify"},
		{"qualifier dropped", "WIRE.md Envelope (harness extension)", "docs/wire.md#envelope"},
		{"underscore kept", "WIRE.md visible_state", "docs/wire.md#visible_state"},
		{"words", "WIRE.md Match log", "docs/wire.md#match-log"},
		{"page alone", "WIRE.md", "docs/wire.md"},
		{"a reading", "I-INF-9", ""},
		{"a rules section", "§12", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RefPath(tc.ref); got != tc.want {
				t.Errorf("RefPath(%q) = %q, want %q", tc.ref, got, tc.want)
			}
		})
	}
}
