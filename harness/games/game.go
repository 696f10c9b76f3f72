package games

import (
	"context"
	"io"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Game describes one game for the harness and the command line.
type Game struct {
	harness.Facts

	// Checks returns the conformance suite, in a fixed order.
	Checks func() []conform.Check
	// StartEmbedded starts the embedded reference server on loopback with
	// the named faults and dialects switched on.
	StartEmbedded func(faults, dialects []string) (*conform.Embedded, error)
	// Faults reads the embedded server's faults from the environment
	// (UMPIRE_UNSAFE_FAULTS), none unless unsafe.
	Faults func(getenv func(string) string, unsafe bool) ([]string, error)
	// Dialects names the embedded server's dialects, sorted;
	// ParseDialects reads a --dialect list (an unknown name is an error).
	Dialects      func() []string
	ParseDialects func(list string) ([]string, error)
	// Adversaries names the scripted players' kinds.
	Adversaries func() []string
	// CertifyRules returns, by certify check name, the agent rule it covers.
	CertifyRules func() map[string]string

	// Verify replays one log through the game's verifier, emitting each
	// finding; VerifyRules lists the rules a log replay can evaluate.
	Verify      func(ctx context.Context, r io.Reader, opts VerifyOptions, emit func(rules.Finding)) (VerifySummary, error)
	VerifyRules func() []string
	// SampleLogs simulates match i of a run seeded seed between scripted
	// players and returns its logs (selftest verifies them).
	SampleLogs func(ctx context.Context, id, seed string, i int) ([]SampleLog, error)
	// SampleLogsTitle says which logs SampleLogs gives, for a title.
	SampleLogsTitle string
	// ViewerSample is a message of the game, as a transcript carries it,
	// that the HTML report's match viewer must tell as the game's and lay
	// out as a table (the game's wiring registers the viewer's shape;
	// TestGamesTeachTheViewer holds every game to it).
	ViewerSample string
	// SelfCheck plays self-play match i seeded seed through the game's
	// engine, checking the engine's invariants at every decision (legal
	// lists, the one decider, views that leak nothing, conservation); it
	// returns the first broken one (gametest runs it).
	SelfCheck func(seed string, i int) error
}

// VerifyOptions are the options of one log's replay; each game reads the
// ones it has.
type VerifyOptions struct {
	File string
	// Deal (Inference): "auto", "umpire" or "other". BangArena: "umpire"
	// compares the log's chance with umpire's generator keyed with the
	// seed (the server declares it); otherwise the generator is not judged.
	Deal string
	// Seeds (BangArena): candidate seeds; the log's commitment picks one.
	Seeds []string
	// Unfinished accepts a log that stops before the match's end.
	Unfinished bool
}

// VerifySummary is what one log's replay found, in terms both games share;
// Detail is the game's own summary (verify.Summary, baverify.BangArenaSummary).
type VerifySummary struct {
	Lines int
	// Units counts what was replayed (Inference rounds, BangArena events);
	// zero means the log held nothing to verify.
	Units        int
	Inconclusive int
	// Must, Should and Info count the findings by graded level; the
	// caller fills them (it grades).
	Must, Should, Info int
	Evaluated          map[string]int
	// Public says the log is a public one (Inference: no deal_private
	// line; BangArena: no role or decision line);
	// Rederived counts the hidden values re-derived from the seed.
	Public    bool
	Rederived int
	// SeedUnknown (BangArena) says no seed matched the log's commitment.
	SeedUnknown bool
	Detail      any
}

// SampleLog is one log of a simulated match.
type SampleLog struct {
	// Name is the file name; What says which log it is ("full log").
	Name, What string
	Data       []byte
	// Public says the log is the public version (no hidden values).
	Public bool
}

// All returns every registered game's descriptor, in the order umpire
// lists them.
func All() []*Game { return game.Parts[*Game]() }

// Lookup returns the game named name, or an error naming the known ones.
func Lookup(name string) (*Game, error) { return game.PartOf[*Game](name) }

// Names turns a list of string-kinded values into plain strings.
func Names[S ~string](l []S) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = string(s)
	}
	return out
}
