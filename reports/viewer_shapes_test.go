package reports

import (
	"testing"
)

// TestViewerRegistry: shapes are tried in their order whatever the order
// they were registered in; a game registered again replaces its shape; an
// empty registry tells no game (the viewer then shows bare messages).
func TestViewerRegistry(t *testing.T) {
	var r viewerRegistry
	if shapeOf(r.list(), decodeBody([]byte(`{"visible_state":{}}`))) != nil {
		t.Error("an empty registry told a game")
	}
	// Two games' shapes, as the games build theirs: each tells its own
	// by a strong field, and both by a weak one.
	shape := func(game, strong string) ViewerShape {
		return NewViewerShape(ViewerShapeSpec{Game: game,
			Strong: func(b any) bool { return ViewHas(b, strong) },
			Weak:   func(b any) bool { return ViewHas(b, "type") }})
	}
	r.register(2, shape("second", "observation"))
	r.register(1, shape("first", "visible_state"))
	r.register(1, shape("first", "visible_state"))
	r.register(3, ViewerShape{})
	var names []string
	for _, s := range r.list() {
		names = append(names, s.game)
	}
	if len(names) != 2 || names[0] != "first" || names[1] != "second" {
		t.Fatalf("shapes %v, want [first second]", names)
	}
	for body, want := range map[string]string{
		`{"type":"your_turn","visible_state":{}}`:       "first",
		`{"observation":{"phase":"play","players":[]}}`: "second",
		`{"type":"error","actionId":"x"}`:               "first", // weak for both: the first in order
	} {
		s := shapeOf(r.list(), decodeBody([]byte(body)))
		if s == nil || s.game != want {
			t.Errorf("%s: told %v, want %s", body, s, want)
		}
	}
}

// TestNewViewerShape: a shape built outside the package tells its game's
// messages, lays out its table, and tells nothing for what it leaves nil.
func TestNewViewerShape(t *testing.T) {
	toy := NewViewerShape(ViewerShapeSpec{Game: "toy",
		Strong: func(b any) bool { return ViewHas(b, "pile") },
		Table: func(b any) *ViewerTable {
			if n, ok := ViewInt(b, "pile"); !ok || n < 0 {
				return nil
			}
			return &ViewerTable{Game: "toy", Facts: []ViewerFact{{K: "pile", V: ViewShow(ViewAt(b, "pile"))}}, Columns: []string{}, Players: [][]string{}, You: -1,
				Lists: []ViewerList{LastItems("takes", []string{ViewShowIf(b, "take")})}}
		}})
	bare := NewViewerShape(ViewerShapeSpec{Game: "bare"})
	shapes := []*viewerShape{bare.s, toy.s}
	for body, want := range map[string]string{`{"pile":7,"take":2}`: "toy", `{"heap":7}`: ""} {
		b := mustObject(t, body)
		s := shapeOf(shapes, b)
		switch {
		case want == "" && s != nil:
			t.Errorf("%s: told as %s, want no game", body, s.game)
		case want != "" && (s == nil || s.game != want):
			t.Errorf("%s: told as %v, want %s", body, s, want)
		case want != "":
			if tb := s.table(b); tb == nil || tb.Facts[0].V != "7" || tb.Lists[0].Items[0] != "2" {
				t.Errorf("%s: table %+v", body, tb)
			}
		}
	}
	if bare.s.table(nil) != nil || bare.s.weak(nil) {
		t.Error("a shape's nil parts must tell nothing and lay out no table")
	}
}
