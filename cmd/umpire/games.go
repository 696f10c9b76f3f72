package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
)

// cliGame is a game as the command line drives it: its descriptor
// (harness/games: facts, servers, checks, verifier) and the bodies of the
// commands that differ per game (harness/command: serve, legal, simulate,
// example-agent, verify's printing, the rules of legal's and validate's
// reports). Both are parts the game hands the registry (harness/game) in
// its own folder (harness/<game>/register.go, harness/<game>/cli); every
// command looks its --game up through them (gameOf) and branches on
// nothing else.
type cliGame struct {
	*games.Game
	*commandGame
}

// commandGame names the command bodies' part for embedding beside the
// descriptor.
type commandGame = gamecli.Game

// cliOf is g as the command line drives it; nil when g lacks either part.
func cliOf(g game.Game) *cliGame {
	d, ok := game.Part[*games.Game](g)
	c, ok2 := game.Part[*gamecli.Game](g)
	if !ok || !ok2 {
		return nil
	}
	return &cliGame{Game: d, commandGame: c}
}

// cliGames lists every registered game the command line drives, in the
// registry's order.
func cliGames() []*cliGame {
	var out []*cliGame
	for _, g := range game.All() {
		if c := cliOf(g); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// gameOf returns the game named name; nil when umpire does not know it
// (checkGame has said so first).
func gameOf(name string) *cliGame {
	g, ok := game.Lookup(name)
	if !ok {
		return nil
	}
	return cliOf(g)
}

// checkGame validates the --game flag value.
func checkGame(e *env, game string) bool {
	switch {
	case game == "":
		fmt.Fprintf(e.stderr, "umpire: --game is required (%s)\n", harness.NameList())
	case gameOf(game) == nil:
		fmt.Fprintf(e.stderr, "umpire: unknown game %q (want %s)\n", game, harness.NameList())
	default:
		return true
	}
	return false
}

// mustGame is gameOf for a name already checked (or built in).
func mustGame(name string) *cliGame {
	g := gameOf(name)
	if g == nil {
		panic("umpire: unknown game " + name)
	}
	return g
}

// The lines of help and usage that name every game are built from the
// registry, so that a game added needs no edit here.

// gameTitles names every game for prose: "Inference and BangArena".
func gameTitles() string {
	var titles []string
	for _, g := range cliGames() {
		titles = append(titles, g.Title)
	}
	if len(titles) < 2 {
		return strings.Join(titles, "")
	}
	return strings.Join(titles[:len(titles)-1], ", ") + " and " + titles[len(titles)-1]
}

// rulesVersions lists every game's rules versions for the version line:
// "inference-0.4, krug_rules@0.1.0 / krug-decision/1".
func rulesVersions() string {
	var parts []string
	for _, g := range cliGames() {
		parts = append(parts, strings.Join(g.RulesVersions, " / "))
	}
	return strings.Join(parts, ", ")
}

// examplePlayers lists every game's players of example-agent for flag
// help: "Inference: random, passive; BangArena: random, heuristic".
func examplePlayers() string {
	var parts []string
	for _, g := range cliGames() {
		parts = append(parts, g.Title+": "+strings.Join(g.ExamplePlayers, ", "))
	}
	return strings.Join(parts, "; ")
}

// seatRanges lists every game's table for flag help: "Inference 3-8,
// BangArena 4-8".
func seatRanges() string {
	var parts []string
	for _, g := range cliGames() {
		parts = append(parts, fmt.Sprintf("%s %d-%d", g.Title, g.MinSeats, g.MaxSeats))
	}
	return strings.Join(parts, ", ")
}

// roundsGames names the games a match of which has a number of rounds
// (--rounds), for flag help: "Inference".
func roundsGames() string {
	var titles []string
	for _, g := range cliGames() {
		if g.Rounds {
			titles = append(titles, g.Title)
		}
	}
	return strings.Join(titles, " or ")
}

// titlesWhere names the games for which has holds, for flag help:
// "Inference" or "Inference or BangArena".
func titlesWhere(has func(*cliGame) bool) string {
	var titles []string
	for _, g := range cliGames() {
		if has(g) {
			titles = append(titles, g.Title)
		}
	}
	return strings.Join(titles, " or ")
}

// nounFlagHelp is the help of the flag naming one match of the games
// whose server plays noun (conform's --match, --room): "Inference match
// id to play (env UMPIRE_MATCH)".
func nounFlagHelp(noun string) string {
	var envs []string
	for _, g := range cliGames() {
		if g.MatchNoun == noun && !slices.Contains(envs, g.MatchEnv) {
			envs = append(envs, g.MatchEnv)
		}
	}
	return fmt.Sprintf("%s %s id to play (env %s)", titlesWhere(func(g *cliGame) bool { return g.MatchNoun == noun }), noun, strings.Join(envs, " or "))
}

// perGameValues lists value of every game for flag help, joined by sep:
// "Inference 3, BangArena 4", or the one value when every game has the
// same.
func perGameValues(sep string, value func(*cliGame) string) string {
	var parts []string
	same := true
	for i, g := range cliGames() {
		v := value(g)
		same = same && (i == 0 || v == value(cliGames()[0]))
		parts = append(parts, g.Title+" "+v)
	}
	if same && len(parts) > 0 {
		return value(cliGames()[0])
	}
	return strings.Join(parts, sep)
}

// conformSeats lists the table conform creates per game: "Inference 3,
// BangArena 4".
func conformSeats() string {
	return perGameValues(", ", func(g *cliGame) string { return fmt.Sprint(g.ConformSeats) })
}

// certifyDeadlines lists certify's default decision deadline per game:
// "Inference 10s, BangArena 15s".
func certifyDeadlines() string {
	return perGameValues(", ", func(g *cliGame) string {
		r, _ := game.Lookup(g.Name)
		c, _ := game.Part[certify.Game](r)
		return c.DefaultDeadline.String()
	})
}

// defaultSeats lists every game's default table (simulate, certify):
// "Inference 6, BangArena 6".
func defaultSeats() string {
	return perGameValues(", ", func(g *cliGame) string { return strconv.Itoa(g.DefaultSeats) })
}

// scriptedKinds lists certify's default adversaries per game:
// "Inference random,heuristic; BangArena random,heuristic".
func scriptedKinds() string {
	return perGameValues("; ", func(g *cliGame) string { return strings.Join(g.ScriptedKinds, ",") })
}

// simAdversaries lists simulate's default adversaries per game:
// "Inference random,passive,aggressive,heuristic; BangArena
// random,heuristic".
func simAdversaries() string {
	return perGameValues("; ", func(g *cliGame) string { return strings.Join(g.SimAdversaries, ",") })
}

// gameHelp is the help of a flag only some games read: lead, then the
// text of every game that reads it ("BangArena: role mode, …"; games
// joined by "; "), from the games' gamecli.Help.
func gameHelp(lead string, text func(gamecli.Help) string) string {
	var parts []string
	if lead != "" {
		parts = append(parts, lead)
	}
	for _, g := range cliGames() {
		if t := text(g.Help); t != "" {
			parts = append(parts, g.Title+": "+t)
		}
	}
	return strings.Join(parts, "; ")
}

// scoreNames names what every game's score counts: "credits or glory".
func scoreNames() string {
	var names []string
	for _, g := range cliGames() {
		if !slices.Contains(names, g.Score) {
			names = append(names, g.Score)
		}
	}
	return strings.Join(names, " or ")
}
