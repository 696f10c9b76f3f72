package harness

import "github.com/umpire-arena/umpire/harness/game"

// The games umpire knows, as command lines and reports name them. These are
// the only declarations of the names; every package says harness.GameX.
const (
	GameInference = "inference"
	GameBangArena = "bangarena"
)

// Facts are a game's facts (harness/game.Facts): each game registers its
// own in inference.go and bangarena.go; the rest of its wiring is added to
// the same registration by harness/games.
type Facts = game.Facts

// Names lists the games umpire knows, in a fixed order.
func Names() []string { return game.Names() }

// NameList is Names joined for a message: "inference or bangarena".
func NameList() string { return game.NameList() }

// Lookup returns the facts of game; false when umpire does not know it.
func Lookup(name string) (Facts, bool) {
	g, ok := game.Lookup(name)
	if !ok {
		return Facts{}, false
	}
	return g.Facts(), true
}

// Known reports whether umpire knows game.
func Known(name string) bool {
	_, ok := game.Lookup(name)
	return ok
}

// Check returns an error naming the known games when game is not one.
func Check(name string) error { return game.Check(name) }

// RulesVersions names what a run of game is judged against: the rules
// version, and for BangArena also the protocol version. Reports record it;
// an unknown game has none.
func RulesVersions(name string) []string {
	f, _ := Lookup(name)
	return f.RulesVersions
}
