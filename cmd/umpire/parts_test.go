package main

import (
	"context"

	"github.com/umpire-arena/umpire/harness"
	bacli "github.com/umpire-arena/umpire/harness/bangarena/cli"
	"github.com/umpire-arena/umpire/harness/gamecli"
	infcli "github.com/umpire-arena/umpire/harness/inference/cli"
)

// The games' command bodies live in their folders (harness/<game>/cli);
// the names below let the tests of this package, which drive them through
// the command line, read what they print.
type (
	inferenceServeInfo = infcli.ServeInfo
	baServeInfo        = bacli.ServeInfo
	simulateSummary    = infcli.SimSummary
	bangSimSummary     = bacli.SimSummary
)

// parseDecision reads an Inference your_turn as "umpire legal" does.
var parseDecision = infcli.ParseDecision

// simMatchSeed and simMatchID are the seed and the id of a simulated match.
func simMatchSeed(seed string, i int) string { return gamecli.MatchSeed(seed, i) }
func simMatchID(seed string, i int) string   { return gamecli.MatchID(seed, i) }

// serveBangArena is "umpire serve" for BangArena, --game defaulting to it.
func serveBangArena(ctx context.Context, e *env, args []string) int {
	return serveGame(ctx, e, mustGame(harness.GameBangArena), args)
}
