package reports

import (
	"testing"
)

// The tests of this package register the games' shapes as their wiring
// (package harness/games) does in a program; it cannot be imported here.
func init() {
	RegisterViewerShape(1, InferenceViewerShape())
	RegisterViewerShape(2, BangArenaViewerShape())
}

// TestViewerRegistry: shapes are tried in their order whatever the order
// they were registered in; a game registered again replaces its shape; an
// empty registry tells no game (the viewer then shows bare messages).
func TestViewerRegistry(t *testing.T) {
	var r viewerRegistry
	if shapeOf(r.list(), decodeBody([]byte(`{"visible_state":{}}`))) != nil {
		t.Error("an empty registry told a game")
	}
	r.register(2, BangArenaViewerShape())
	r.register(1, InferenceViewerShape())
	r.register(1, InferenceViewerShape())
	r.register(3, ViewerShape{})
	var names []string
	for _, s := range r.list() {
		names = append(names, s.game)
	}
	if len(names) != 2 || names[0] != "inference" || names[1] != "bangarena" {
		t.Fatalf("shapes %v, want [inference bangarena]", names)
	}
	for body, want := range map[string]string{
		`{"type":"your_turn","visible_state":{}}`:       "inference",
		`{"observation":{"phase":"play","players":[]}}`: "bangarena",
		`{"type":"error","actionId":"x"}`:               "inference", // weak for both: the first in order
	} {
		s := shapeOf(r.list(), decodeBody([]byte(body)))
		if s == nil || s.game != want {
			t.Errorf("%s: told %v, want %s", body, s, want)
		}
	}
}
