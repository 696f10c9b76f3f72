package harness

import (
	"fmt"
	"strings"
)

// The games umpire knows, as command lines and reports name them. These are
// the only declarations of the names; every package says harness.GameX.
const (
	GameInference = "inference"
	GameBangArena = "bangarena"
)

// Facts are what every layer of the harness may know of a game without
// depending on its server or its checks: names, rules versions, the table.
// The wiring (servers, checks, drivers, verifiers) is harness/games.Game,
// which embeds these. One value per game: inference.go and bangarena.go.
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
	// that names one (--match, --room); MatchEnv is the variable that
	// gives its id to a connect-mode agent.
	MatchNoun, MatchEnv string
}

// games lists the facts of every game, in the order umpire lists them.
func games() []Facts { return []Facts{inferenceFacts(), bangarenaFacts()} }

// Names lists the games umpire knows, in a fixed order.
func Names() []string {
	var out []string
	for _, g := range games() {
		out = append(out, g.Name)
	}
	return out
}

// NameList is Names joined for a message: "inference or bangarena".
func NameList() string { return strings.Join(Names(), " or ") }

// Lookup returns the facts of game; false when umpire does not know it.
func Lookup(game string) (Facts, bool) {
	for _, g := range games() {
		if g.Name == game {
			return g, true
		}
	}
	return Facts{}, false
}

// Known reports whether umpire knows game.
func Known(game string) bool {
	_, ok := Lookup(game)
	return ok
}

// Check returns an error naming the known games when game is not one.
func Check(game string) error {
	if Known(game) {
		return nil
	}
	return fmt.Errorf("unknown game %q (want %s)", game, NameList())
}

// RulesVersions names what a run of game is judged against: the rules
// version, and for BangArena also the protocol version. Reports record it;
// an unknown game has none.
func RulesVersions(game string) []string {
	g, _ := Lookup(game)
	return g.RulesVersions
}
