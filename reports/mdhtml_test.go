package reports

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/docs"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestRefHTML: the References render the reference pages' Markdown as
// HTML, and escape whatever else a section holds.
func TestRefHTML(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"Every message is **one** JSON object whose `type` says *what* it is.", "<p>Every message is <strong>one</strong> JSON object whose <code>type</code> says <em>what</em> it is.</p>"},
		{"| a | b |\n|---|:--:|\n| `x\\|y` | 2 |", `<table class="ref-table"><tr><th>a</th><th>b</th></tr><tr><td><code>x|y</code></td><td>2</td></tr></table>`},
		{"- one\n  continued\n- two", "<ul><li>one continued</li><li>two</li></ul>"},
		{"see [Envelope](#envelope) and [`docs/wire.md`](docs/wire.md)", "<p>see Envelope and <code>docs/wire.md</code></p>"},
		{"```\na < b\n```", "<pre>a &lt; b</pre>"},
		{"<script>alert(1)</script> & `<b>`", "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>&lt;b&gt;</code></p>"},
		{"#### Sub", "<h4>Sub</h4>"},
	} {
		if got := string(refHTML(tc.md)); got != tc.want {
			t.Errorf("refHTML(%q)\n got %s\nwant %s", tc.md, got, tc.want)
		}
	}
}

// TestReferencesAreRendered: every section a contract rule cites renders
// without raw Markdown (pipes of a table, backticks, list dashes).
func TestReferencesAreRendered(t *testing.T) {
	seen := map[string]bool{}
	for _, ru := range rules.Default().All() {
		page, anchor, ok := rules.RefDoc(ru.Ref)
		if !ok || anchor == "" || seen[page+anchor] {
			continue
		}
		seen[page+anchor] = true
		_, body, found := docs.Section(page, anchor, rules.Slug)
		if !found {
			continue
		}
		out := string(refHTML(body))
		for _, raw := range []string{"|---", "`", "\n- ", "**"} {
			if strings.Contains(out, raw) {
				t.Errorf("%s#%s renders with raw Markdown %q", page, anchor, raw)
			}
		}
	}
	if len(seen) == 0 {
		t.Fatal("no rule cites a reference section: the test proves nothing")
	}
}
