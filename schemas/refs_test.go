package schemas

import (
	"bufio"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// collectRefs gathers every x-ref value of a decoded schema.
func collectRefs(node any, out map[string]bool) {
	switch n := node.(type) {
	case map[string]any:
		if r, ok := n[refKeyword].(string); ok {
			out[r] = true
		}
		for _, v := range n {
			collectRefs(v, out)
		}
	case []any:
		for _, v := range n {
			collectRefs(v, out)
		}
	}
}

// Every x-ref of the schemas that names a contract section resolves to a
// heading of the repository's reference pages (docs/wire.md, docs/cli.md),
// so a violation never cites a document the user does not have.
func TestSchemaRefsResolve(t *testing.T) {
	refs := map[string]bool{}
	for _, dir := range []string{"inference", "bangarena"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				return err
			}
			collectRefs(v, refs)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	anchors := map[string]map[string]bool{}
	n := 0
	for ref := range refs {
		if strings.HasPrefix(ref, "I-") {
			continue // a reading: referee/INTERPRETATIONS.md
		}
		n++
		page, anchor, ok := rules.RefDoc(ref)
		if !ok || anchor == "" {
			t.Errorf("x-ref %q names no section of docs/wire.md or docs/cli.md", ref)
			continue
		}
		if anchors[page] == nil {
			anchors[page] = pageAnchors(t, filepath.Join("..", filepath.FromSlash(page)))
		}
		if !anchors[page][anchor] {
			t.Errorf("x-ref %q → %s#%s: no such heading", ref, page, anchor)
		}
	}
	if n == 0 {
		t.Fatal("no contract x-ref found")
	}
}

// pageAnchors returns the anchors of a Markdown page's headings.
func pageAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the reference page is missing: %v", err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(strings.TrimLeft(sc.Text(), "#"), " "); ok && strings.HasPrefix(sc.Text(), "#") {
			out[rules.Slug(h)] = true
		}
	}
	return out
}
