package main

import (
	"context"
	"fmt"

	"github.com/umpire-arena/umpire/harness"
)

// cmdExampleAgent runs "umpire example-agent --game G": a JSON Lines agent
// built into the binary (the game's body: harness/<game>/cli), so that the demo and a first certify run work
// wherever the binary is, without the example sources. It decides with one
// of the scripted players (heuristic by default) from what each request
// shows it, answers an error for its move with another legal one, and plays
// many matches when it is kept (a match_start line comes first).
func cmdExampleAgent(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "example-agent", "--game G [--player heuristic|random|passive|aggressive] [--seed N]")
	game := fs.String("game", "", harness.NameList())
	player := fs.String("player", "heuristic", "the scripted player that decides ("+examplePlayers()+")")
	seed := fs.Int64("seed", 1, "seed of the player's random choices")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkNoArgs(e, fs, "example-agent") || !checkGame(e, *game) {
		return exitUsage
	}
	if err := gameOf(*game).Example(ctx, e.stdin, e.stdout, *player, *seed); err != nil {
		fmt.Fprintf(e.stderr, "umpire example-agent: %v\n", err)
		return exitError
	}
	return exitOK
}
