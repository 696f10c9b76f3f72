package reports

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// whereText renders a location on one line, e.g. "m.jsonl:42 round 5 turn 3 seat 1".
func whereText(w rules.Where) string {
	var parts []string
	if w.File != "" {
		if w.Line > 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", w.File, w.Line))
		} else {
			parts = append(parts, w.File)
		}
	} else if w.Line > 0 {
		parts = append(parts, fmt.Sprintf("line %d", w.Line))
	}
	if w.Round > 0 {
		parts = append(parts, fmt.Sprintf("round %d", w.Round))
	}
	if w.Turn != nil {
		parts = append(parts, fmt.Sprintf("turn %d", *w.Turn))
	}
	if w.Seat != nil {
		parts = append(parts, fmt.Sprintf("seat %d", *w.Seat))
	}
	if w.Step != "" {
		parts = append(parts, w.Step)
	}
	if w.Pointer != "" {
		parts = append(parts, "at "+w.Pointer)
	}
	return strings.Join(parts, " ")
}

// valueText renders an expected/got value as rules.ValueText does (strings
// as they are, JSON bytes as JSON, anything else as compact JSON), nil as
// "—" in tables.
func valueText(v any) string {
	if v == nil {
		return "—"
	}
	return rules.ValueText(v)
}
