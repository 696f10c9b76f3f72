package rules

import (
	"errors"
	"fmt"
)

// Where locates a finding: in a file and line of a log, in a round and turn
// of a match, at a seat, or at a step of a live exchange. Zero fields are
// omitted from JSON.
type Where struct {
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
	Round int    `json:"round,omitempty"`
	Turn  *int   `json:"turn,omitempty"`
	Seat  *int   `json:"seat,omitempty"`
	// Step names a step of a live exchange (e.g. "decision 41").
	Step string `json:"step,omitempty"`
	// Pointer is a JSON Pointer into the offending message, when known.
	Pointer string `json:"pointer,omitempty"`
}

// Finding is one observed departure from (or, at INFO level, one remark on)
// a rule: which rule, how strongly it binds, where, what the rules expect,
// what was seen, and a sentence a user can act on.
type Finding struct {
	Rule     string `json:"rule"`
	Level    Level  `json:"level"`
	Where    Where  `json:"where"`
	Expected any    `json:"expected,omitempty"`
	Got      any    `json:"got,omitempty"`
	Message  string `json:"message"`
	// Basis and Ref, when set, say what this finding rests on; a finding
	// that names none rests on its rule's basis (see Grade).
	Basis Basis  `json:"basis,omitempty"`
	Ref   string `json:"ref,omitempty"`
	// Stated is the level the check gave a finding that Grade lowered.
	Stated Level `json:"stated_level,omitempty"`
	// Known is the reason given in a known-failing list for the finding's
	// rule: the finding is reported but does not fail the run.
	Known string `json:"known_failing,omitempty"`
}

// String renders the finding on one line for people, expected and got as
// readable JSON (ValueText).
func (f Finding) String() string {
	s := fmt.Sprintf("%s %s: %s", f.Level, f.Rule, f.Message)
	if f.Expected != nil || f.Got != nil {
		s += fmt.Sprintf(" (expected %s, got %s)", ValueText(f.Expected), ValueText(f.Got))
	}
	return s
}

// Values returns f with Expected and Got in the form a report keeps
// (Value): JSON bytes as JSON, never a list of numbers or base64.
func (f Finding) Values() Finding {
	f.Expected, f.Got = Value(f.Expected), Value(f.Got)
	return f
}

// Error is a typed rejection by a referee: the rule that forbids what was
// attempted and a sentence a user can act on. Engines return *Error (possibly
// wrapped) for every rejected action.
type Error struct {
	Rule    string
	Message string
}

// Error implements the error interface.
func (e *Error) Error() string { return e.Rule + ": " + e.Message }

// Errorf returns a *Error for rule with a formatted message.
func Errorf(rule, format string, args ...any) *Error {
	return &Error{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// RuleOf returns the rule id carried by err, or "" when err is not (and does
// not wrap) a *Error.
func RuleOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Rule
	}
	return ""
}

// IntPtr returns a pointer to v, for the optional fields of Where.
func IntPtr(v int) *int { return &v }
