package reports

import (
	"cmp"
	"slices"
	"sync"
)

// The viewer learns the games from their registration: each game's wiring
// (harness/<game>/register.go) hands RegisterViewerShape the shape of its
// messages, so this package keeps no list of games. A program that
// registers none still writes every report; its viewer shows the messages
// without tables.

// ViewerShape is one game's messages as the match viewer reads them: how
// to tell one by its shape, and the table it carries.
type ViewerShape struct{ s *viewerShape }

// viewerRegistry holds the registered shapes, tried lowest order first.
type viewerRegistry struct {
	mu     sync.Mutex
	shapes []orderedShape
}

type orderedShape struct {
	order int
	shape *viewerShape
}

// register adds s at order; a shape of the same game replaces the old one.
func (r *viewerRegistry) register(order int, s ViewerShape) {
	if s.s == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.shapes = slices.DeleteFunc(r.shapes, func(o orderedShape) bool { return o.shape.game == s.s.game })
	r.shapes = append(r.shapes, orderedShape{order, s.s})
	slices.SortStableFunc(r.shapes, func(a, b orderedShape) int { return cmp.Compare(a.order, b.order) })
}

// list returns the shapes in the order they are tried.
func (r *viewerRegistry) list() []*viewerShape {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*viewerShape, len(r.shapes))
	for i, o := range r.shapes {
		out[i] = o.shape
	}
	return out
}

// viewers is the program's one registry of viewer shapes, filled at
// package initialisation (as harness/game's registry of games is).
var viewers viewerRegistry

// RegisterViewerShape hands the viewer a game's shape, tried in order
// (lower first; the game's Order); call it from package initialisation.
func RegisterViewerShape(order int, s ViewerShape) { viewers.register(order, s) }

// viewerShapes are the registered games' shapes, in the order they are
// tried.
func viewerShapes() []*viewerShape { return viewers.list() }
