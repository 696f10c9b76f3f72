package gamecli

import (
	"encoding/json"
	"io"
)

// LegalDiff is the outcome of "umpire legal --check": printed as indented
// JSON or as text (WriteText); Same says the lists agree. Reports read
// its JSON form only (missing, extra, different and readings lists).
type LegalDiff interface {
	WriteText(w io.Writer)
	Same() bool
}

// LegalRules is what legal's reports need of a game: where the list is,
// and the rule each kind of difference breaks.
type LegalRules struct {
	// Pointer is the JSON Pointer of the message's own list.
	Pointer string
	// Extra is the rule of an item the rules do not allow.
	Extra string
	// Missing is the rule of a missing item, Different that of a
	// difference (one line of --check's "different").
	Missing   func(item json.RawMessage) string
	Different func(line string) string
	// Fields is the rule of a message nothing can be derived from,
	// LineLength that of one over the size limit.
	Fields, LineLength string
	// IDs are every rule above.
	IDs []string
}

// ValidateRules is what validate's reports need of a game: the rules its
// schemas' shapes belong to, and which one a violation breaks.
type ValidateRules struct {
	Rules func() []string
	Rule  func(kind string, at ViolationPlace) string
}

// ViolationPlace is where a schema violation is, for a game's rule
// mapping.
type ViolationPlace struct {
	// Under reports whether the violation is at the JSON Pointer prefix
	// or below it, or is the missing property prefix names.
	Under func(prefix string) bool
	Loc   string
	// Document is true when the clause broken is the rules document's own
	// (the violation's basis), not a pin or a reading.
	Document bool
	// Text is the violating value when it is a JSON string.
	Text func() (string, bool)
}
