package rules

import (
	"strings"
	"unicode"
)

// Contract references name a section of umpire's own contracts as
// "WIRE.md <section>" or "CLI.md <section>" (the design documents the
// pins were written in). The repository carries them as reference pages,
// docs/wire.md and docs/cli.md, with one heading per section; RefDoc maps
// a reference to its page and anchor so that findings and reports cite a
// document the user has.

// RefDoc returns the repository page (slash-separated, relative to the
// repository root) and the anchor of a contract reference: "WIRE.md
// Errors" is docs/wire.md#errors. A trailing parenthesised qualifier is
// dropped ("WIRE.md Envelope (harness extension)" → the Envelope section).
// ok is false for a reference that names no contract page (a reading's
// "I-…", a rules document's section).
func RefDoc(ref string) (page, anchor string, ok bool) {
	doc, section, found := strings.Cut(strings.TrimSpace(ref), " ")
	switch doc {
	case "WIRE.md":
		page = "docs/wire.md"
	case "CLI.md":
		page = "docs/cli.md"
	default:
		return "", "", false
	}
	if !found {
		return page, "", true
	}
	if i := strings.Index(section, " ("); i > 0 && strings.HasSuffix(section, ")") {
		section = section[:i]
	}
	return page, Slug(section), true
}

// RefPath is RefDoc's page and anchor as one path ("docs/wire.md#errors"),
// or "" when the reference names no contract page.
func RefPath(ref string) string {
	page, anchor, ok := RefDoc(ref)
	switch {
	case !ok:
		return ""
	case anchor == "":
		return page
	}
	return page + "#" + anchor
}

// Slug is the anchor a Markdown renderer (GitHub's) gives a heading:
// lower case, letters, digits, '-' and '_' kept, spaces turned into '-',
// everything else dropped.
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
