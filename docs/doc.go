// Package docs carries umpire's reference pages — wire.md (umpire's wire
// pins) and cli.md (the command-line contract) — into the binary, so that
// reports can quote the section a finding cites (rules.RefDoc names it)
// without a network or a clone of the repository.
package docs

import (
	"embed"
	"strings"
)

//go:embed wire.md cli.md
var pages embed.FS

// Section returns the heading and the text of the section of page (a
// repository path such as "docs/wire.md") whose anchor is anchor (see
// rules.Slug), up to the next heading of the same or a higher level; ok is
// false when there is no such page or section. slug turns a heading into
// its anchor.
func Section(page, anchor string, slug func(string) string) (heading, body string, ok bool) {
	name, found := strings.CutPrefix(page, "docs/")
	if !found {
		return "", "", false
	}
	raw, err := pages.ReadFile(name)
	if err != nil {
		return "", "", false
	}
	lines := strings.Split(string(raw), "\n")
	level, start := 0, -1
	var out []string
	fence := false
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		n := headingLevel(line)
		if fence {
			n = 0
		}
		switch {
		case start < 0 && n > 0 && slug(line[n:]) == anchor:
			level, start, heading = n, i, strings.TrimSpace(line[n:])
		case start >= 0 && n > 0 && n <= level:
			return heading, strings.TrimSpace(strings.Join(out, "\n")), true
		case start >= 0:
			out = append(out, line)
		}
	}
	if start < 0 {
		return "", "", false
	}
	return heading, strings.TrimSpace(strings.Join(out, "\n")), true
}

// headingLevel is the number of '#' of a Markdown ATX heading line, 0 for
// any other line.
func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n >= len(line) || line[n] != ' ' {
		return 0
	}
	return n
}
