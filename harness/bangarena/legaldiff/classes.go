package legaldiff

import "encoding/json"

// Class says why an offered item is not matched.
type Class string

// The classes of an offered item that the referee's list does not match
// (an item of a command the referee leaves undecided is not classed: it is
// BangArenaDiff.Unchecked).
const (
	// NotLegal: the referee does not allow the item (an actionId it does
	// not derive).
	NotLegal Class = "not-legal"
	// Repeated: a second item of an actionId already offered.
	Repeated Class = "repeated"
	// Unreadable: not an object with an actionId.
	Unreadable Class = "unreadable"
)

// Extra is an offered item the referee's list does not match.
type Extra struct {
	Class Class
	// Action is the item's actionId; empty for an unreadable item.
	Action string
	// Raw is the item as offered.
	Raw json.RawMessage
}

// Difference is a field in which an offered item disagrees with the
// referee's item of the same actionId.
type Difference struct {
	// Action is the item's actionId.
	Action string
	// Field is the field compared ("command" or "argsSchema").
	Field string
	// Text says how they differ, prefixed "<actionId>: ".
	Text string
}

// Items encodes decoded items as a server would offer them, for a caller
// that holds a list already decoded (bangarena.LegalAction's JSON form).
func Items[T any](l []T) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(l))
	for _, a := range l {
		b, err := json.Marshal(a)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}
