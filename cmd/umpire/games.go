package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
)

// cliGame is a game as the command line drives it: its descriptor
// (harness/games: facts, servers, checks, verifier) and the bodies of the
// commands this package writes once per game. One value per game, filled
// in game_inference.go and game_bangarena.go and handed to the registry
// (harness/game) there; every command looks its --game up through it
// (gameOf) and branches on nothing else.
type cliGame struct {
	*games.Game
	// serveSynopsis and serve are "umpire serve --game G".
	serveSynopsis string
	serve         func(ctx context.Context, e *env, args []string) int
	// hostLimits declares the game server's bounds and expiry on h.
	hostLimits func(h *hostFlags, fs *flag.FlagSet)
	// legal is "umpire legal" of one message file; legalRules the rules
	// its reports cite (legal_report.go).
	legal      func(e *env, name string, check, asJSON bool) int
	legalRules legalRules
	// validate maps the game's schema violations to rules for validate's
	// reports (validate_report.go).
	validate validateRules
	// simulate is "umpire simulate" once its flags are read.
	simulate func(ctx context.Context, e *env, o simArgs) int
	// example is "umpire example-agent": the built-in JSON Lines agent.
	example func(ctx context.Context, in io.Reader, out io.Writer, player string, seed int64) error
	// verifyUnit names what a log replays ("round", "event"); verifyGroup
	// prints one log's findings and verdict for people, verifySummary the
	// closing line (text or JSON) over every log.
	verifyUnit    string
	verifyGroup   func(o *findingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int
	verifySummary func(o *findingWriter, sums []games.VerifySummary, notKept int)
}

// cliGames lists every registered game the command line drives, in the
// registry's order.
func cliGames() []*cliGame { return game.Parts[*cliGame]() }

// gameOf returns the game named name; nil when umpire does not know it
// (checkGame has said so first).
func gameOf(name string) *cliGame {
	g, _ := game.PartOf[*cliGame](name)
	return g
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
