package docs

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestSection(t *testing.T) {
	tests := []struct {
		name, page, anchor, wantHeading, wantIn, wantOut string
		ok                                               bool
	}{
		{"a wire section", "docs/wire.md", "errors", "Errors", "422", "## Harness extension", true},
		{"a section with subsections", "docs/wire.md", "inference", "Inference", "### Envelope", "## BangArena", true},
		{"a command", "docs/cli.md", "certify", "certify", "--agent-connect", "### replay", true},
		{"no such section", "docs/wire.md", "nope", "", "", "", false},
		{"no such page", "docs/other.md", "errors", "", "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, body, ok := Section(tc.page, tc.anchor, rules.Slug)
			if ok != tc.ok || h != tc.wantHeading {
				t.Fatalf("Section = %q, ok %v; want %q, ok %v", h, ok, tc.wantHeading, tc.ok)
			}
			if !strings.Contains(body, tc.wantIn) || (tc.wantOut != "" && strings.Contains(body, tc.wantOut)) {
				t.Errorf("body of %s: want %q in it and not %q:\n%s", tc.anchor, tc.wantIn, tc.wantOut, body)
			}
		})
	}
}
