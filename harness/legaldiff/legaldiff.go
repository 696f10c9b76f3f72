package legaldiff

import "encoding/json"

// Class says why an offered item is not matched.
type Class string

// The classes of an offered item that the referee's list does not match.
const (
	// NotLegal: the referee does not allow the item (a key it does not
	// derive, or an unknown one).
	NotLegal Class = "not-legal"
	// Repeated: a second item of a key already offered.
	Repeated Class = "repeated"
	// Unreadable: not an object with the key the game's items are told
	// apart by.
	Unreadable Class = "unreadable"
)

// Extra is an offered item the referee's list does not match.
type Extra struct {
	Class Class
	// Action is the item's key (the action or actionId the game tells
	// its items apart by); empty for an unreadable item.
	Action string
	// Raw is the item as offered (a game may say it re-encodes it).
	Raw json.RawMessage
}

// Difference is a field in which an offered item disagrees with the
// referee's item of the same key.
type Difference struct {
	// Action is the item's key.
	Action string
	// Field is the field compared.
	Field string
	// Text says how they differ, prefixed "<key>: ".
	Text string
}

// Items encodes decoded items as a server would offer them, for a caller
// that holds a list already decoded (a LegalAction's JSON form); an item
// that does not encode is left out.
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
