package gamecli

import (
	"context"
	"encoding/json"
	"io"

	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Exit codes of the command line contract.
const (
	ExitOK    = 0 // every MUST check holds
	ExitFail  = 1 // at least one MUST finding
	ExitUsage = 2 // usage or configuration error
	ExitError = 3 // the run could not be carried out
)

// Env is what a game's body may touch: the command's streams.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// IsTerminal reports whether Stdout is a terminal (progress redrawn
	// in place only then).
	IsTerminal bool
}

// Game is a game as the command line drives it: the bodies of the
// commands that differ per game. Each game hands its *Game to the
// registry (harness/<game>/register.go); cmd/umpire looks it up by the
// --game name and branches on nothing else.
type Game struct {
	// Serve is "umpire serve --game G".
	Serve Serve
	// Legal derives the legal actions of one message of "umpire legal"
	// (raw, read from the input name) and, with check, compares them with
	// the message's own list. It returns the outcome of the comparison
	// for the command to print, or nil and the exit code when it is done.
	Legal func(e Env, name string, raw []byte, check bool) (LegalDiff, int)
	// LegalRules are the rules legal's reports cite.
	LegalRules LegalRules
	// Validate maps the game's schema violations to rules for
	// validate's reports.
	Validate ValidateRules
	// Simulate is "umpire simulate" once its flags are read.
	Simulate func(ctx context.Context, e Env, a SimArgs) int
	// Example is "umpire example-agent": the built-in JSON Lines agent.
	Example func(ctx context.Context, in io.Reader, out io.Writer, player string, seed int64) error
	// ExamplePlayers are the players Example knows, as its help lists
	// them.
	ExamplePlayers []string
	// VerifyUnit names what a log replays ("round", "event");
	// VerifyGroup prints one log's findings and verdict for people and
	// returns the findings not kept, VerifySummary the closing line (text
	// or JSON) over every log.
	VerifyUnit    string
	VerifyGroup   func(o FindingWriter, name string, fs []rules.Finding, sum games.VerifySummary, capped *rules.Cap) int
	VerifySummary func(o FindingWriter, sums []games.VerifySummary, notKept int)
	// SimAdversaries are the adversary kinds "umpire simulate" deals
	// when --adversaries is not given.
	SimAdversaries []string
	// Help is the game's own help of the flags only some games read.
	Help Help
}

// Help is a game's own help of the flags that only some games read, as
// the commands' help prints it after the game's title ("BangArena: role
// mode, …"); an empty field is a flag the game ignores. cmd/umpire builds
// each such flag's help from every game's text, so a game added changes
// the help with no edit there.
type Help struct {
	// Mode is --mode of certify and simulate: the values and the default.
	Mode string
	// SeatPolicy is --seat-policy of conform: the policies of the seats
	// the suite plays, and the default.
	SeatPolicy string
	// Deal is --deal of verify: what auto, umpire and other do to a log
	// of the game.
	Deal string
	// Seed is --seed of verify: what a seed given does for the game's logs.
	Seed string
	// Proxy is the game's traffic through umpire proxy: what its agents
	// point at the relay and how it is judged (a sentence or two).
	Proxy string
}

// WriteJSONLine writes v as one line of compact JSON, as json.Marshal
// renders it (HTML characters escaped), then a newline, through the
// escaper (inert.JSON: valid UTF-8, bidi overrides escaped).
func WriteJSONLine(w io.Writer, v any) error {
	return json.NewEncoder(InertJSON(w)).Encode(v)
}

// InertJSON returns w behind the escaper for encoded JSON (inert.JSONMode).
// An encoder writes whole values, so nothing is held back.
func InertJSON(w io.Writer) io.Writer { return inert.NewWriter(w, inert.JSONMode) }

// WriteJSONIndented writes v as JSON indented by two spaces, then a
// newline.
func WriteJSONIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(InertJSON(w))
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// FaultsEnv is the variable that names the deliberate faults of an
// embedded server (with --unsafe-faults); every game's server reads the
// same one (each game's cli tests pin its server's name to this one).
const FaultsEnv = "UMPIRE_UNSAFE_FAULTS"
