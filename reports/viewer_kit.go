package reports

// What a game's shape (ViewerShape) is made of, for a game that builds its
// own where it lives: NewViewerShape, and the readers of a decoded message
// (objects as map[string]any, numbers as json.Number) the tables of this
// package use.

// ViewerShapeSpec says how the viewer reads one game's messages.
type ViewerShapeSpec struct {
	// Game is the name the view shows (the game's name).
	Game string
	// Strong tells a message of the game by a field no other game's
	// message has; Weak by a field that only tells when no strong one did.
	Strong, Weak func(b any) bool
	// Table is the table a message carried, nil when it carried none.
	Table func(b any) *ViewerTable
	// BareView: a body with a phase and nothing that names it otherwise is
	// the game's player view.
	BareView bool
}

// NewViewerShape is the shape of s, for RegisterViewerShape. Strong and
// Weak default to telling nothing; Table to no table.
func NewViewerShape(s ViewerShapeSpec) ViewerShape {
	never := func(any) bool { return false }
	v := &viewerShape{game: s.Game, strong: s.Strong, weak: s.Weak, table: s.Table, bareView: s.BareView}
	if v.strong == nil {
		v.strong = never
	}
	if v.weak == nil {
		v.weak = never
	}
	if v.table == nil {
		v.table = func(any) *ViewerTable { return nil }
	}
	return ViewerShape{v}
}

// ViewAt walks a decoded message's objects by key; nil when a step is
// missing or not an object.
func ViewAt(v any, path ...string) any { return at(v, path...) }

// ViewHas reports whether the key at path exists (its value may be null).
func ViewHas(v any, path ...string) bool { return has(v, path...) }

// ViewInt reads an integer at path.
func ViewInt(v any, path ...string) (int, bool) { return intAt(v, path...) }

// ViewShow renders a value on one line, inert and clipped: "—" for missing
// or null, "yes"/"no" for booleans, compact JSON for objects and lists.
func ViewShow(v any) string { return show(v) }

// ViewShowIf shows the value of key k of object p, "—" when p lacks it.
func ViewShowIf(p any, k string) string { return showIf(p, k) }

// ViewList returns the items of a JSON list, nil when v is not one.
func ViewList(v any) []any { return list(v) }

// ViewExtraKeys returns, sorted, the keys of the objects in items that are
// not among known (a table gives them columns of their own, so what a
// seat was shown beyond the document shows).
func ViewExtraKeys(items []any, known ...string) []string { return extraKeys(items, known...) }

// LastItems is a table's list titled title, with its last items (the
// viewer's cap) and a count of the rest.
func LastItems(title string, items []string) ViewerList { return lastItems(title, items) }

// ViewDecode decodes a JSON text into the values the readers take (objects
// as map[string]any, numbers as json.Number); nil when it does not decode
// (a game's shape reads JSON nested in a string with it).
func ViewDecode(b []byte) any { return decodeBody(b) }

// ViewClip shortens s to the viewer's cap on one text, marking the cut.
func ViewClip(s string) string { return clipRunes(s, viewerMaxText) }
