package game

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Facts are what every layer of the harness may know of a game without
// depending on its server or its checks: names, rules versions, the table.
type Facts struct {
	// Name is the --game value and the prefix of the game's rule ids.
	Name string
	// Title is the name in prose ("Inference").
	Title string
	// RulesVersions is what a run is judged against; reports record it.
	RulesVersions []string
	// MinSeats and MaxSeats bound the table; DefaultSeats is the table of
	// serve, simulate and certify; ConformSeats the one conform creates.
	MinSeats, MaxSeats, DefaultSeats, ConformSeats int
	// Rounds says whether a match has a number of rounds (--rounds).
	Rounds bool
	// Score names what a match's score counts ("credits").
	Score string
	// ScriptedKinds are the adversary kinds certify uses by default.
	ScriptedKinds []string
	// MatchNoun names what the server plays ("match", "room"): the flag
	// that names one (conform's --match, --room: one flag per distinct
	// noun, all writing conform.Target.Match) and the key of its id in a
	// configuration file and a report's configuration; MatchEnv is the
	// variable that gives its id (to conform and to a connect-mode agent).
	MatchNoun, MatchEnv string
	// Order places the game in every list of games (lower first; the
	// name breaks a tie), whatever order the registrations ran in.
	Order int
}

// Game is one game as the modes know it: its facts and the parts the
// modes registered for it (Part finds one by its type).
type Game interface {
	Facts() Facts
	Parts() []any
}

// entry is the Game the registry holds: facts and parts, in the order
// they were given.
type entry struct {
	facts Facts
	parts []any
}

func (e *entry) Facts() Facts { return e.facts }
func (e *entry) Parts() []any { return e.parts }

// Part returns g's part of type P; false when no mode registered one.
func Part[P any](g Game) (P, bool) {
	for _, p := range g.Parts() {
		if v, ok := p.(P); ok {
			return v, true
		}
	}
	var zero P
	return zero, false
}

// Registry holds games by name, in their Order.
type Registry struct {
	mu    sync.Mutex
	games []*entry
}

// Register adds a game with its facts and parts. It panics on an empty or
// a second name.
func (r *Registry) Register(f Facts, parts ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f.Name == "" {
		panic("game: register a game without a name")
	}
	if r.find(f.Name) != nil {
		panic("game: " + f.Name + " registered twice")
	}
	r.games = append(r.games, &entry{facts: f, parts: parts})
	slices.SortStableFunc(r.games, func(a, b *entry) int {
		return cmp.Or(cmp.Compare(a.facts.Order, b.facts.Order), strings.Compare(a.facts.Name, b.facts.Name))
	})
}

// Extend adds parts to the registered game name. A part of a type the
// game already has replaces it (a test may hand its own). It panics on
// an unknown game.
func (r *Registry) Extend(name string, parts ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.find(name)
	if e == nil {
		panic("game: extend unknown game " + name)
	}
next:
	for _, p := range parts {
		for i, q := range e.parts {
			if reflect.TypeOf(q) == reflect.TypeOf(p) {
				e.parts[i] = p
				continue next
			}
		}
		e.parts = append(e.parts, p)
	}
}

func (r *Registry) find(name string) *entry {
	for _, e := range r.games {
		if e.facts.Name == name {
			return e
		}
	}
	return nil
}

// Lookup returns the game named name; false when none is registered.
func (r *Registry) Lookup(name string) (Game, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e := r.find(name); e != nil {
		return e, true
	}
	return nil, false
}

// All returns every game, in their Order.
func (r *Registry) All() []Game {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Game, len(r.games))
	for i, e := range r.games {
		out[i] = e
	}
	return out
}

// registry is the program's one registry (see doc.go).
var registry Registry

// Register adds a game to the program's registry; call it from package
// initialisation only.
func Register(f Facts, parts ...any) { registry.Register(f, parts...) }

// Extend adds parts to a game of the program's registry; call it from
// package initialisation only.
func Extend(name string, parts ...any) { registry.Extend(name, parts...) }

// Lookup returns the registered game named name.
func Lookup(name string) (Game, bool) { return registry.Lookup(name) }

// All returns every registered game, in their Order.
func All() []Game { return registry.All() }

// Names lists the registered games' names, in their Order.
func Names() []string {
	var out []string
	for _, g := range All() {
		out = append(out, g.Facts().Name)
	}
	return out
}

// NameList is Names joined for a message: "inference or bangarena".
func NameList() string { return strings.Join(Names(), " or ") }

// Check returns an error naming the known games when name is not one.
func Check(name string) error {
	if _, ok := Lookup(name); ok {
		return nil
	}
	return fmt.Errorf("unknown game %q (want %s)", name, NameList())
}

// Parts returns the part of type P of every registered game that has
// one, in the games' Order.
func Parts[P any]() []P {
	var out []P
	for _, g := range All() {
		if p, ok := Part[P](g); ok {
			out = append(out, p)
		}
	}
	return out
}

// PartOf looks game name up and returns its part of type P; the error
// names the known games, or says the game has no such part.
func PartOf[P any](name string) (P, error) {
	var zero P
	g, ok := Lookup(name)
	if !ok {
		return zero, Check(name)
	}
	p, ok := Part[P](g)
	if !ok {
		return zero, fmt.Errorf("game %q has no %T part", name, zero)
	}
	return p, nil
}
